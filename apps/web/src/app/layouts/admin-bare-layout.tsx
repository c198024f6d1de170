import { Outlet } from 'react-router';
import { AdminGuard } from './admin-guard';
import { AntScope } from '../../components/ant-scope';
import '../../components/admin/admin.css';

/** Back-office pages made for printing (sample labels): the staff check, no menu or header; antd's providers around them. */
export default function AdminBareLayout() {
  return (
    <AntScope>
      <AdminGuard>{() => <Outlet />}</AdminGuard>
    </AntScope>
  );
}
