import { Alert, Button } from 'antd';

/**
 * A member page's (or dialog's) failed load: `<title>` with the server's or the network's
 * message and, given `onRetry`, a 重试 button that reads again.
 */
export function LoadFailed({ title, error, onRetry }: { title: string; error: Error | null | undefined; onRetry?: () => unknown }) {
  return (
    <Alert
      type="error"
      showIcon
      title={title}
      description={error?.message}
      action={
        onRetry ? (
          <Button size="small" onClick={() => void onRetry()}>
            重试
          </Button>
        ) : undefined
      }
    />
  );
}
