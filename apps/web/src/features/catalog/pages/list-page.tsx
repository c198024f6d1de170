import { Link, useParams, useSearchParams } from 'react-router';
import { listTypeLabels, listTypes, type ArticleKind, type ListType } from '@lab/contract';
import { useArticleList } from '../api/list-articles';
import { useThanksList } from '../api/list-thanks';
import { ArticleItem } from '../components/article-item';
import { PageHeader } from '../components/page-header';
import { QueryError } from '../../../components/query-error';
import { EmptyState } from '../components/empty-state';
import { Pager } from '../components/pager';
import { SkeletonBlock } from '../../../components/skeleton-block';
import { ThanksTable } from '../components/thanks-table';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { NotFound } from '../../../components/not-found';
import '../components/catalog.css';

const PAGE_SIZE = 10;

const leads: Record<ListType, string> = {
  news: '实验室动态、行业资讯与服务公告。',
  course: '测试原理、制样技巧与数据解析课程，助您用好每一份数据。',
  service: '典型样品的真实测试案例，直观展示我们的测试能力与数据质量。',
  thanks: '在论文中致谢我们测试服务的科研成果，感谢每一位科研用户的信任。',
};

const isListType = (value: string | undefined): value is ListType => (listTypes as readonly string[]).includes(value ?? '');

function ListTabs({ active }: { active: ListType }) {
  return (
    <nav className="cat-type-tabs cat-list-tabs" aria-label="栏目">
      {listTypes.map((type) => (
        <Link key={type} to={`/list/${type}`} className={type === active ? 'is-active' : undefined} aria-current={type === active ? 'page' : undefined}>
          {listTypeLabels[type]}
        </Link>
      ))}
    </nav>
  );
}

function ListSkeleton() {
  return (
    <div aria-busy="true" className="cat-articles">
      {Array.from({ length: 4 }, (_, index) => (
        <SkeletonBlock key={index} avatar={96} rows={2} />
      ))}
    </div>
  );
}

function Pages({ page, total, onChange }: { page: number; total: number; onChange: (page: number) => void }) {
  if (total <= PAGE_SIZE) return null;
  return <Pager className="cat-pagination" current={page} pageSize={PAGE_SIZE} total={total} onChange={onChange} />;
}

function ArticleList({ kind, page, onPage }: { kind: ArticleKind; page: number; onPage: (page: number) => void }) {
  const query = useArticleList({ kind, page, pageSize: PAGE_SIZE });
  if (query.isPending) return <ListSkeleton />;
  if (!query.data) return <QueryError error={query.error} onRetry={() => void query.refetch()} />;
  if (query.data.list.length === 0) return <EmptyState className="cat-empty" description={`暂无${listTypeLabels[kind]}`} />;
  return (
    <>
      <ul className="cat-articles">
        {query.data.list.map((item, index) => (
          <li key={item.rid}>
            <ArticleItem item={item} index={index} />
          </li>
        ))}
      </ul>
      <Pages page={page} total={query.data.total} onChange={onPage} />
    </>
  );
}

function ThanksList({ page, onPage }: { page: number; onPage: (page: number) => void }) {
  const query = useThanksList({ page, pageSize: PAGE_SIZE });
  if (query.isPending) return <ListSkeleton />;
  if (!query.data) return <QueryError error={query.error} onRetry={() => void query.refetch()} />;
  if (query.data.list.length === 0) return <EmptyState className="cat-empty" description="暂无论文致谢" />;
  return (
    <>
      <p className="cat-count">
        共 <strong>{query.data.total}</strong> 篇论文致谢
      </p>
      <ThanksTable rows={query.data.list} caption="论文致谢列表" />
      <Pages page={page} total={query.data.total} onChange={onPage} />
    </>
  );
}

/** /list/{news|course|service|thanks}: built without antd, as the other public pages (docs/web.md). */
export default function ListPage() {
  const { type } = useParams();
  const [search, setSearch] = useSearchParams();
  const valid = isListType(type) ? type : null;
  useDocumentTitle(valid ? listTypeLabels[valid] : '页面不存在');
  if (!valid) return <NotFound />;

  const pageNumber = Number(search.get('page'));
  const page = Number.isInteger(pageNumber) && pageNumber > 0 ? pageNumber : 1;
  const onPage = (next: number) => {
    setSearch(next > 1 ? { page: String(next) } : {});
    window.scrollTo(0, 0);
  };

  return (
    <div className="cat-page">
      <PageHeader title={listTypeLabels[valid]} crumbs={[{ label: listTypeLabels[valid] }]}>
        <p className="cat-lead">{leads[valid]}</p>
      </PageHeader>
      <div className="cat-container cat-body">
        <ListTabs active={valid} />
        {valid === 'thanks' ? <ThanksList page={page} onPage={onPage} /> : <ArticleList kind={valid} page={page} onPage={onPage} />}
      </div>
    </div>
  );
}
