import { CloseCircleFilled, ExclamationCircleFilled } from './icons';
import { ApiError } from '../lib/api';
import './query-error.css';

/**
 * A failed load on a public page (antd's Result look, without antd): the server's message (or
 * the network's) and a retry button; a 404 is said as `notFoundTitle`, without the button.
 */
export function QueryError({ error, onRetry, title = '加载失败', notFoundTitle = '内容不存在' }: { error: unknown; onRetry?: () => void; title?: string; notFoundTitle?: string }) {
  const message = error instanceof Error && error.message ? error.message : '网络异常，请稍后重试。';
  const notFound = error instanceof ApiError && error.status === 404;
  return (
    <div className={notFound ? 'query-error is-not-found' : 'query-error'} role={notFound ? undefined : 'alert'}>
      {notFound ? <CloseCircleFilled className="query-error-icon" /> : <ExclamationCircleFilled className="query-error-icon" />}
      <h2 className="query-error-title">{notFound ? notFoundTitle : title}</h2>
      <p className="query-error-text">{message}</p>
      {onRetry && !notFound ? (
        <button type="button" className="plain-button query-error-retry" onClick={onRetry}>
          重试
        </button>
      ) : null}
    </div>
  );
}
