import { CloseCircleFilled, ExclamationCircleFilled } from '../../../components/icons';
import { ApiError } from '../../../lib/api';

/** A failed load: the server's message (or the network's) and a retry button. */
export function QueryError({ error, onRetry, title = '加载失败' }: { error: unknown; onRetry?: () => void; title?: string }) {
  const message = error instanceof Error && error.message ? error.message : '网络异常，请稍后重试。';
  const notFound = error instanceof ApiError && error.status === 404;
  return (
    <div className={notFound ? 'query-error is-not-found' : 'query-error'} role={notFound ? undefined : 'alert'}>
      {notFound ? <CloseCircleFilled className="query-error-icon" /> : <ExclamationCircleFilled className="query-error-icon" />}
      <h2 className="query-error-title">{notFound ? '内容不存在' : title}</h2>
      <p className="query-error-text">{message}</p>
      {onRetry && !notFound ? (
        <button type="button" className="plain-button query-error-retry" onClick={onRetry}>
          重试
        </button>
      ) : null}
    </div>
  );
}
