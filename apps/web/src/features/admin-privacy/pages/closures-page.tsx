import type { TableColumnsType } from 'antd';
import { ACCOUNTING_RETENTION_NOTE, type AdminClosureRow } from '@lab/contract';
import { Link } from 'react-router';
import { AdminPage, AdminSection } from '../../../components/admin/admin-page';
import { AdminTable } from '../../../components/admin/admin-table';
import { useServerTable } from '../../../components/admin/use-server-table';
import { formatDateTime } from '../../../lib/format';
import { useClosures } from '../api/list-closures';
import '../../../components/admin/customers.css';

const confirmedByText: Record<string, string> = { sms: '短信验证码', password: '登录密码' };

/**
 * /admin/closures 注销记录: accounts members closed themselves (PIPL art. 47). Read-only: the
 * personal data is gone; what remains is the number, the dates and the accounting records kept.
 */
export default function ClosuresPage() {
  const table = useServerTable({ filters: {}, sort: { field: 'closedAt', order: 'descend' } });
  const { data, isFetching } = useClosures(table.query);
  const columns: TableColumnsType<AdminClosureRow> = [
    { title: '账号', dataIndex: 'label', width: 170 },
    { title: '注册时间', dataIndex: 'registeredAt', width: 160, render: (at: string) => <span className="admin-nowrap">{formatDateTime(at)}</span> },
    { title: '注销时间', dataIndex: 'closedAt', key: 'closedAt', width: 160, sorter: true, sortOrder: table.sortOrderOf('closedAt'), render: (at: string) => <span className="admin-nowrap">{formatDateTime(at)}</span> },
    { title: '验证方式', dataIndex: 'confirmedBy', width: 110, render: (v: string | null) => (v ? (confirmedByText[v] ?? v) : '') },
    { title: '保留订单', dataIndex: 'orderCount', width: 100, render: (n: number) => `${n} 个` },
    { title: '保留开票记录', dataIndex: 'invoiceCount', width: 120, render: (n: number) => `${n} 个` },
    { title: '', key: 'audit', width: 90, render: (_, row) => (row.auditId ? <Link to={`/admin/audit?target=${encodeURIComponent(row.rid)}`}>操作日志</Link> : null) },
  ];
  return (
    <AdminPage title="注销记录" description={`会员在个人中心自助注销的账号（只读）。${ACCOUNTING_RETENTION_NOTE}`}>
      <AdminSection>
        <AdminTable<AdminClosureRow> rowKey="id" columns={columns} query={{ data, isFetching }} table={table} scroll={{ x: 900 }} locale={{ emptyText: '暂无注销记录' }} />
      </AdminSection>
    </AdminPage>
  );
}
