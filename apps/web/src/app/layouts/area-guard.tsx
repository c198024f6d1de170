import type { ReactNode } from 'react';
import { Button, Result } from 'antd';
import { useLocation } from 'react-router';
import { loginPanel } from '../../lib/login-panel';
import { useSession } from '../../lib/session';

/**
 * The route guard stops visitors at the door; this covers a session that ends while the
 * member is inside (token expired, logged out in another tab).
 */
export function AreaGuard({ children }: { children: ReactNode }) {
  const session = useSession();
  const location = useLocation();
  if (session) return children;
  return (
    <Result
      status="403"
      title="登录已失效"
      subTitle="为保护账户安全，请重新登录后继续操作。"
      extra={
        <Button type="primary" onClick={() => loginPanel.open({ view: 'sign', intended: location.pathname + location.search })}>
          重新登录
        </Button>
      }
    />
  );
}
