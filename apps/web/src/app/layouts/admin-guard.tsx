import type { ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router';
import { Result, Spin } from 'antd';
import type { StaffInfo } from '@lab/contract';
import { staffSession, useStaffMe } from '../../lib/admin-api';

/**
 * The back office's door: without a staff session the person goes to /admin/login and comes
 * back to this page after logging in. The server checks every call again; this only decides
 * what to show.
 */
export function AdminGuard({ children }: { children: (me: StaffInfo) => ReactNode }) {
  const session = staffSession.useSession();
  const location = useLocation();
  const me = useStaffMe();
  if (!session || !staffSession.hasToken()) {
    const next = encodeURIComponent(location.pathname + location.search);
    return <Navigate to={`/admin/login?next=${next}`} replace />;
  }
  if (me.isPending) {
    return (
      <div className="admin-loading">
        <Spin size="large" />
      </div>
    );
  }
  if (me.isError || !me.data) {
    return <Result status="warning" title="无法读取员工信息" subTitle={me.error instanceof Error ? me.error.message : '请刷新后重试'} />;
  }
  return children(me.data);
}
