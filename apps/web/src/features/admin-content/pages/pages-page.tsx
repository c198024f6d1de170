import { useEffect } from 'react';
import { useSearchParams } from 'react-router';
import { Button, Form, Input, Skeleton } from 'antd';
import { contentPageLabels, pageKeys, pagePaths, pageSaveBody, type PageKey } from '@lab/contract';
import { AdminPage, AdminSection } from '../../../components/admin/admin-page';
import { RichTextField } from '../../../components/admin/rich-text-field';
import { formatDateTime } from '../../../lib/format';
import { SchemaForm } from '../../../components/schema-form';
import { feedback } from '../../../lib/feedback';
import { usePage } from '../api/get-page';
import { usePages } from '../api/list-pages';
import { savePage } from '../api/save-page';
import { useContentMutation } from '../api/use-content-mutation';
import '../components/content.css';

interface Values {
  title: string;
  content: string;
}

/** the old static 隐私政策 page: /policy now leads to the published agreement (协议管理) */
const editableKeys = pageKeys.filter((key) => key !== 'policy');
const isPageKey = (value: string | null): value is PageKey => (editableKeys as readonly string[]).includes(value ?? '');

function PageEditor({ pageKey }: { pageKey: PageKey }) {
  const page = usePage(pageKey);
  const [form] = Form.useForm<Values>();
  const save = useContentMutation(savePage);

  useEffect(() => {
    if (page.data) form.setFieldsValue({ title: page.data.title, content: page.data.content });
  }, [page.data, form]);

  return (
    <AdminSection
      title={contentPageLabels[pageKey]}
      extra={
        <div className="content-inline">
          <span className="admin-muted">{page.data?.updatedAt ? `最近保存 ${formatDateTime(page.data.updatedAt)}` : '尚未编写'}</span>
          <Button href={pagePaths[pageKey]} target="_blank">
            在网站上查看
          </Button>
          <Button type="primary" loading={save.isPending} disabled={page.isPending} onClick={() => form.submit()}>
            保存
          </Button>
        </div>
      }
    >
      {page.isPending ? (
        <Skeleton active paragraph={{ rows: 8 }} />
      ) : (
        <SchemaForm
          form={form}
          name="page"
          schema={pageSaveBody}
          body={(values) => ({ key: pageKey, ...values })}
          layout="vertical"
          initialValues={{ title: '', content: '' }}
          onSubmit={(body) => save.mutate(body, { onSuccess: () => feedback.success('页面已保存') })}
        >
          <Form.Item label="标题" name="title" required>
            <Input maxLength={60} showCount />
          </Form.Item>
          <Form.Item label="正文" name="content" required extra="保存时会清除脚本等不安全内容">
            <RichTextField aria-label="页面正文" />
          </Form.Item>
        </SchemaForm>
      )}
    </AdminSection>
  );
}

/** /admin/content/pages: the about pages (profile, culture, recruit) and the static pages (contact, guide, license, policy). */
export default function PagesPage() {
  const [search, setSearch] = useSearchParams();
  const pages = usePages();
  const current: PageKey = isPageKey(search.get('key')) ? (search.get('key') as PageKey) : 'profile';

  return (
    <AdminPage title="关于与静态页" description="“关于我们”下的公司简介、企业文化、人才招聘，以及联系我们、服务指南、资质证书；保存后网站立即更新。用户协议、隐私政策等在“协议管理”中按版本发布。提到仪器数、完成订单数、客户数或成立年份时，请写 {{instruments}}、{{ordersDone}}、{{customers}}、{{years}}、{{founded}}，网站按实际数据填入，不要直接写数字。">
      <div className="content-pages">
        <AdminSection>
          <ul className="content-page-list" aria-label="页面">
            {editableKeys.map((key) => {
              const summary = pages.data?.find((page) => page.key === key);
              return (
                <li key={key}>
                  <button type="button" aria-current={key === current} onClick={() => setSearch({ key }, { replace: true })}>
                    {contentPageLabels[key]}
                    <small>{summary ? (summary.textLength > 0 ? summary.title : '尚无内容') : pagePaths[key]}</small>
                  </button>
                </li>
              );
            })}
          </ul>
        </AdminSection>
        <PageEditor key={current} pageKey={current} />
      </div>
    </AdminPage>
  );
}
