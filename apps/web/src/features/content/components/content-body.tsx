import type { PageKey } from '@lab/contract';
import { useContentPage } from '../api/get-content-page';
import { formatDate } from '../../../lib/format';
import { QueryError } from '../../../components/query-error';
import { SkeletonBlock } from '../../../components/skeleton-block';

/** A staff-written page: its rich text (sanitised on the server) and when it was updated. Built without antd. */
export function ContentBody({ pageKey, showTitle = true }: { pageKey: PageKey; showTitle?: boolean }) {
  const query = useContentPage(pageKey);
  if (query.isPending) {
    return (
      <div aria-busy="true">
        <SkeletonBlock rows={8} />
      </div>
    );
  }
  if (!query.data) return <QueryError error={query.error} title="内容加载失败" notFoundTitle="内容暂未发布" onRetry={() => void query.refetch()} />;
  const updated = formatDate(query.data.updated);
  return (
    <article className="cnt-article">
      {showTitle ? <h2 className="cnt-article-title">{query.data.title}</h2> : null}
      {query.data.content.trim() ? (
        <div className="cnt-rich" dangerouslySetInnerHTML={{ __html: query.data.content }} />
      ) : (
        <p className="cnt-muted">内容正在完善中，如需了解详情请致电客服。</p>
      )}
      {updated ? <p className="cnt-updated">更新于 {updated}</p> : null}
    </article>
  );
}
