import { Link, useNavigate } from 'react-router';
import { Button, Input, Segmented, Tag, type TableColumnsType } from 'antd';
import { articleKindLabels, articleKinds, type AdminArticle, type ArticleKind } from '@lab/contract';
import { CrudList, VisibleFilter } from '../../../components/admin/crud-list';
import { useServerTable } from '../../../components/admin/use-server-table';
import { contentKeys } from '../api/keys';
import { useArticles } from '../api/list-articles';
import { deleteArticle, setArticleVisible } from '../api/save-article';
import { PictureThumb } from '../components/picture-thumb';
import '../components/content.css';

const kindColors: Record<ArticleKind, string> = { news: 'blue', course: 'purple', service: 'cyan' };
const kindOptions = [{ value: '', label: '全部' }, ...articleKinds.map((kind) => ({ value: kind, label: articleKindLabels[kind] }))];
const editPath = (article: AdminArticle) => `/admin/content/articles/${encodeURIComponent(article.rid)}`;

/** /admin/content/articles: news, courses and cases — a server table with kind, words and visibility filters; an article is edited on a page of its own. */
export default function ArticlesPage() {
  const table = useServerTable({ filters: { kind: '', keyword: '', visible: '' }, sort: { field: 'publishedAt', order: 'descend' } });
  const articles = useArticles(table.query);
  const navigate = useNavigate();

  const columns: TableColumnsType<AdminArticle> = [
    { title: '封面', dataIndex: 'imgUrl', width: 110, render: (url: string, article) => <PictureThumb src={url} alt={article.title} wide={false} /> },
    {
      title: '标题',
      key: 'title',
      render: (_, article) => (
        <>
          <Link className="content-cell-title" to={editPath(article)}>
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
  ];

  const newKind = (table.filters.kind || 'news') as ArticleKind;
  return (
    <CrudList
      title="新闻·课程·案例"
      description="网站的新闻资讯、课程培训与能力展示案例；案例同时显示在首页。隐藏的文章网站上不可访问。"
      noun="文章"
      rowKey="rid"
      label={(article) => article.title}
      query={articles}
      refresh={contentKeys.all}
      columns={columns}
      scrollX={1000}
      filters={
        <>
          <Segmented value={table.filters.kind} options={kindOptions} onChange={(kind) => table.setFilters({ kind: String(kind) })} aria-label="文章类型" />
          <Input.Search allowClear placeholder="标题或摘要中的词" defaultValue={table.filters.keyword} onSearch={(keyword) => table.setFilters({ keyword })} aria-label="搜索文章" />
          <VisibleFilter value={table.filters.visible} onChange={(visible) => table.setFilters({ visible })} />
        </>
      }
      table={table}
      empty={table.filters.keyword || table.filters.visible ? '没有符合条件的文章' : '还没有文章，点击右上角新建'}
      create={{ label: `新建${articleKindLabels[newKind]}`, onClick: () => void navigate(`/admin/content/articles/new?kind=${newKind}`) }}
      onEdit={(article) => void navigate(editPath(article))}
      rowActions={(article) => (
        <Button type="link" size="small" href={`/article/${encodeURIComponent(article.rid)}`} target="_blank" disabled={!article.visible}>
          查看
        </Button>
      )}
      actionsWidth={170}
      visible={{ call: setArticleVisible }}
      remove={deleteArticle}
      confirmDelete={() => ({ content: '删除后网站上立即无法访问，且无法恢复。只想暂时下线，可以关闭“显示”开关。' })}
    />
  );
}
