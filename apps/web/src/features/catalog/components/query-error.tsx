import { Button, Result } from 'antd';
import { ApiError } from '../../../lib/api';

/** A failed load: the server's message (or the network's) and a retry button. */
export function QueryError({ error, onRetry, title = '加载失败' }: { error: unknown; onRetry?: () => void; title?: string }) {
  const message = error instanceof Error && error.message ? error.message : '网络异常，请稍后重试。';
  const notFound = error instanceof ApiError && error.status === 404;
  return (
    <Result
      status={notFound ? '404' : 'warning'}
      title={notFound ? '内容不存在' : title}
      subTitle={message}
      extra={onRetry && !notFound ? <Button onClick={onRetry}>重试</Button> : null}
    />
  );
}
