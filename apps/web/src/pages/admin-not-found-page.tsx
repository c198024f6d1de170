import { Link } from 'react-router';
import { Result } from 'antd';

/** An address inside /admin that is no screen. */
export default function AdminNotFoundPage() {
  return <Result status="404" title="页面不存在" subTitle="请从左侧菜单进入需要的功能。" extra={<Link to="/admin/dashboard">返回工作台</Link>} />;
}
