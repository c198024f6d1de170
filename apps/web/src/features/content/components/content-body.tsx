import { Button, Result, Skeleton } from 'antd';
import type { PageKey } from '@lab/contract';
import { ApiError } from '../../../lib/api';
import { useContentPage } from '../api/get-content-page';
import { formatDate } from '../../../lib/format';

/** A staff-written page: its rich text (sanitised on the server) and when it was updated. */
export function ContentBody({ pageKey, showTitle = true }: { pageKey: PageKey; showTitle?: boolean }) {
  const query = useContentPage(pageKey);
  if (query.isPending) {
    return (
      <div aria-busy="true">
        <Skeleton active paragraph={{ rows: 8 }} />
      </div>
    );
  }
  if (!query.data) {
    const notFound = query.error instanceof ApiError && query.error.status === 404;
    return (
      <Result
        status={notFound ? '404' : 'warning'}
        title={notFound ? '内容暂未发布' : '内容加载失败'}
        subTitle={query.error?.message}
        extra={notFound ? null : <Button onClick={() => void query.refetch()}>重试</Button>}
      />
    );
  }
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
