import { useEffect } from 'react';
import { useNavigate, useParams, useSearchParams } from 'react-router';
import { Button, DatePicker, Form, Input, Result, Select, Skeleton, Switch } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { articleAddBody, articleKindLabels, articleKinds, type AdminArticleDetail, type ArticleAddBody, type ArticleKind } from '@lab/contract';
import { AdminPage, AdminSection } from '../../../components/admin/admin-page';
import { ImageUpload } from '../../../components/admin/image-upload';
import { RichTextField } from '../../../components/admin/rich-text-field';
import { formatDateTime } from '../../../lib/format';
import { feedback } from '../../../lib/feedback';
import { SchemaForm } from '../../../components/schema-form';
import { useArticle } from '../api/get-article';
import { addArticle, editArticle } from '../api/save-article';
import { useContentMutation } from '../api/use-content-mutation';
import '../components/content.css';

interface Values {
  kind: ArticleKind;
  title: string;
  img: string;
  sketch: string;
  content: string;
  author: string;
  source: string;
  published: Dayjs | null;
  visible: boolean;
}

const kindOptions = articleKinds.map((kind) => ({ value: kind, label: articleKindLabels[kind] }));
const isKind = (value: string | null): value is ArticleKind => (articleKinds as readonly string[]).includes(value ?? '');

const toValues = (article: AdminArticleDetail): Values => ({
  kind: article.kind,
  title: article.title,
  img: article.img,
  sketch: article.sketch,
  content: article.content,
  author: article.author ?? '',
  source: article.source ?? '',
  published: dayjs(article.published),
  visible: article.visible,
});

/** /admin/content/articles/:rid (`new` for a new one): title, cover, summary, rich text and publishing details. */
export default function ArticleEditPage() {
  const params = useParams();
  const [search] = useSearchParams();
  const navigate = useNavigate();
  const [form] = Form.useForm<Values>();
  const rid = params.rid && params.rid !== 'new' ? params.rid : null;
  const article = useArticle(rid);
  // the answer is the new article (add) or null (edit)
  const save = useContentMutation(async (body: ArticleAddBody) => {
    if (!rid) return addArticle(body);
    await editArticle({ ...body, rid });
    return null;
  });
  const kind = (Form.useWatch('kind', form) as ArticleKind | undefined) ?? (isKind(search.get('kind')) ? (search.get('kind') as ArticleKind) : 'news');

  useEffect(() => {
    if (article.data) form.setFieldsValue(toValues(article.data));
  }, [article.data, form]);

  const submit = (body: ArticleAddBody) =>
    save.mutate(body, {
      onSuccess: (created) => {
        feedback.success(created ? '文章已发布' : '文章已保存');
        if (created) void navigate(`/admin/content/articles/${encodeURIComponent(created.rid)}`, { replace: true });
      },
    });

  const parents = [{ title: '新闻·课程·案例', to: '/admin/content/articles' }];
  if (rid && article.isPending) {
    return (
      <AdminPage title="编辑文章" parents={parents}>
        <AdminSection>
          <Skeleton active paragraph={{ rows: 10 }} />
        </AdminSection>
      </AdminPage>
    );
  }
  if (rid && !article.data) {
    return (
      <AdminPage title="编辑文章" parents={parents}>
        <AdminSection>
          <Result status="404" title="文章不存在" subTitle={article.error?.message} extra={<Button onClick={() => void navigate('/admin/content/articles')}>返回文章列表</Button>} />
        </AdminSection>
      </AdminPage>
    );
  }

  const saving = save.isPending;
  return (
    <AdminPage
      title={rid ? '编辑文章' : `新建${articleKindLabels[kind]}`}
      parents={parents}
      description={article.data ? `发布于 ${formatDateTime(article.data.publishedAt)} · ${article.data.views} 次阅读` : '保存后立即在网站上发布；不想马上公开，可先关闭“显示”。'}
      extra={
        <>
          {article.data?.visible && (
            <Button href={`/article/${encodeURIComponent(article.data.rid)}`} target="_blank">
              在网站上查看
            </Button>
          )}
          <Button type="primary" loading={saving} onClick={() => form.submit()}>
            {rid ? '保存' : '发布'}
          </Button>
        </>
      }
    >
      <SchemaForm
        form={form}
        name="article"
        schema={articleAddBody}
        body={(values) => ({ ...values, published: values.published ? values.published.format('YYYY-MM-DD') : undefined, visible: values.visible ? '1' : '0' })}
        layout="vertical"
        onSubmit={submit}
        initialValues={{ kind, title: '', img: '', sketch: '', content: '', author: '', source: '', published: null, visible: true }}
      >
        <div className="content-form-grid">
          <AdminSection title="内容">
            <Form.Item label="标题" name="title" required>
              <Input maxLength={100} showCount placeholder="文章标题" />
            </Form.Item>
            <Form.Item label="摘要" name="sketch" extra="显示在列表和首页案例卡片上">
              <Input.TextArea maxLength={300} showCount autoSize={{ minRows: 2, maxRows: 5 }} />
            </Form.Item>
            <Form.Item label="正文" name="content" required extra="保存时会清除脚本等不安全内容">
              <RichTextField aria-label="正文" />
            </Form.Item>
          </AdminSection>
          <AdminSection title="发布设置">
            <Form.Item label="类型" name="kind" required>
              <Select options={kindOptions} aria-label="文章类型" />
            </Form.Item>
            <Form.Item label="封面图" name="img" required extra="列表与首页卡片的配图，建议 16:9">
              <ImageUpload aria-label="上传封面图" />
            </Form.Item>
            <Form.Item label="作者" name="author">
              <Input maxLength={50} placeholder="如：平台运营部" />
            </Form.Item>
            <Form.Item label="原文链接" name="source" extra={kind === 'service' ? '案例有原文时，首页点击直接打开原文' : '选填，以 https:// 开头'}>
              <Input maxLength={500} placeholder="https://" />
            </Form.Item>
            <Form.Item label="发布日期" name="published" extra="留空为今天；列表按发布日期从新到旧排列">
              <DatePicker style={{ width: '100%' }} placeholder="今天" />
            </Form.Item>
            <Form.Item label="在网站上显示" name="visible" valuePropName="checked">
              <Switch checkedChildren="显示" unCheckedChildren="隐藏" />
            </Form.Item>
          </AdminSection>
        </div>
      </SchemaForm>
    </AdminPage>
  );
}
