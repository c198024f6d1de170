import { Outlet } from 'react-router';
import { AdminGuard } from './admin-guard';
import '../../components/admin/admin.css';

/** Back-office pages made for printing (sample labels): the staff check, no menu or header. */
export default function AdminBareLayout() {
  return <AdminGuard>{() => <Outlet />}</AdminGuard>;
}
