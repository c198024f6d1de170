import { Link, useNavigate } from 'react-router';
import { App, Button, Empty, Input, Segmented, Select, Space, Switch, Table, Tag, type TableColumnsType } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import { articleKindLabels, articleKinds, type AdminArticle, type ArticleKind } from '@lab/contract';
import { AdminPage, AdminSection } from '../../../components/admin/admin-page';
import { useServerTable } from '../../../components/admin/use-server-table';
import { feedback } from '../../../lib/feedback';
import { settled } from '../../../lib/use-api-mutation';
import { useArticles } from '../api/list-articles';
import { deleteArticle, setArticleVisible } from '../api/save-article';
import { useContentMutation } from '../api/use-content-mutation';
import { PictureThumb } from '../components/picture-thumb';
import '../components/content.css';

const kindColors: Record<ArticleKind, string> = { news: 'blue', course: 'purple', service: 'cyan' };
const kindOptions = [{ value: '', label: '全部' }, ...articleKinds.map((kind) => ({ value: kind, label: articleKindLabels[kind] }))];
const visibleOptions = [
  { value: '', label: '全部状态' },
  { value: '1', label: '显示中' },
  { value: '0', label: '已隐藏' },
];

/** /admin/content/articles: news, courses and cases — a server table with kind, words and visibility filters. */
export default function ArticlesPage() {
  const table = useServerTable({ filters: { kind: '', keyword: '', visible: '' }, sort: { field: 'publishedAt', order: 'descend' } });
  const { data, isFetching } = useArticles(table.query);
  const navigate = useNavigate();
  const { modal } = App.useApp();
  const visible = useContentMutation(setArticleVisible);
  const removal = useContentMutation(deleteArticle);

  const toggle = async (article: AdminArticle, next: boolean) => {
    visible.mutate({ rid: article.rid, visible: next }, {
      onSuccess: () => {
        feedback.success(next ? '文章已显示' : '文章已隐藏');
      },
    });
  };

  const confirmDelete = (article: AdminArticle) =>
    modal.confirm({
      title: `删除文章“${article.title}”？`,
      content: '删除后网站上立即无法访问，且无法恢复。只想暂时下线，可以关闭“显示”开关。',
      okText: '删除',
      okButtonProps: { danger: true },
      cancelText: '取消',
      onOk: () =>
        settled(
          removal.mutateAsync(article.rid, {
            onSuccess: () => {
              feedback.success('文章已删除');
            },
          }),
        ),
    });

  const columns: TableColumnsType<AdminArticle> = [
    { title: '封面', dataIndex: 'imgUrl', width: 110, render: (url: string, article) => <PictureThumb src={url} alt={article.title} wide={false} /> },
    {
      title: '标题',
      key: 'title',
      render: (_, article) => (
        <>
          <Link className="content-cell-title" to={`/admin/content/articles/${encodeURIComponent(article.rid)}`}>
            {article.title}
          </Link>
          {article.sketch && <div className="content-cell-note">{article.sketch}</div>}
        </>
      ),
    },
    { title: '类型', dataIndex: 'kind', width: 120, render: (kind: ArticleKind) => <Tag color={kindColors[kind]}>{articleKindLabels[kind]}</Tag> },
    { title: '作者', dataIndex: 'author', width: 130, render: (author: string | null) => author ?? <span className="admin-muted">—</span> },
    { title: '发布日期', dataIndex: 'published', key: 'publishedAt', width: 120, sorter: true, sortOrder: table.sortOrderOf('publishedAt'), className: 'admin-nowrap' },
    { title: '阅读', dataIndex: 'views', key: 'views', width: 90, sorter: true, sortOrder: table.sortOrderOf('views'), align: 'right' },
    {
      title: '显示',
      dataIndex: 'visible',
      width: 90,
      render: (shown: boolean, article) => (
        <Switch checked={shown} checkedChildren="显示" unCheckedChildren="隐藏" loading={visible.isPending && visible.variables?.rid === article.rid} aria-label={`显示 ${article.title}`} onChange={(next) => void toggle(article, next)} />
      ),
    },
    {
      title: '操作',
      key: 'actions',
      width: 170,
      fixed: 'right',
      render: (_, article) => (
        <Space size={0}>
          <Button type="link" size="small" aria-label={`编辑 ${article.title}`} onClick={() => void navigate(`/admin/content/articles/${encodeURIComponent(article.rid)}`)}>
            编辑
          </Button>
          <Button type="link" size="small" href={`/article/${encodeURIComponent(article.rid)}`} target="_blank" disabled={!article.visible}>
            查看
          </Button>
          <Button type="link" size="small" danger onClick={() => confirmDelete(article)}>
            删除
          </Button>
        </Space>
      ),
    },
  ];

  const newKind = table.filters.kind || 'news';
  return (
    <AdminPage
      title="新闻·课程·案例"
      description="网站的新闻资讯、课程培训与能力展示案例；案例同时显示在首页。隐藏的文章网站上不可访问。"
      extra={
        <Button type="primary" icon={<PlusOutlined />} onClick={() => void navigate(`/admin/content/articles/new?kind=${newKind}`)}>
          新建{articleKindLabels[newKind as ArticleKind]}
        </Button>
      }
    >
      <AdminSection>
        <div className="admin-filters">
          <Segmented value={table.filters.kind} options={kindOptions} onChange={(kind) => table.setFilters({ kind: String(kind) })} aria-label="文章类型" />
          <Input.Search allowClear placeholder="标题或摘要中的词" defaultValue={table.filters.keyword} onSearch={(keyword) => table.setFilters({ keyword })} aria-label="搜索文章" />
          <Select style={{ width: 120 }} value={table.filters.visible} options={visibleOptions} onChange={(value) => table.setFilters({ visible: value })} aria-label="显示状态" />
        </div>
        <Table<AdminArticle>
          className="admin-table"
          rowKey="rid"
          size="middle"
          columns={columns}
          dataSource={data?.list}
          loading={isFetching}
          pagination={table.pagination(data?.total)}
          onChange={table.onChange}
          scroll={{ x: 1000 }}
          locale={{ emptyText: <Empty description={table.filters.keyword || table.filters.visible ? '没有符合条件的文章' : '还没有文章，点击右上角新建'} /> }}
        />
      </AdminSection>
    </AdminPage>
  );
}
