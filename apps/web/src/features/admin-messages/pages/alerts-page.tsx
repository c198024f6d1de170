import { Button, Segmented, Tag, Typography, type TableColumnsType } from 'antd';
import { Link } from 'react-router';
import type { StaffAlertView } from '@lab/contract';
import { AdminPage, AdminSection } from '../../../components/admin/admin-page';
import { AdminTable } from '../../../components/admin/admin-table';
import { useServerTable } from '../../../components/admin/use-server-table';
import { formatDateTime } from '../../../lib/format';
import { useAlerts, useHandleAlert } from '../api/alerts';

const kindLabels: Record<StaffAlertView['kind'], string> = {
  ledger_mismatch: '资金核对',
  promise_due: '服务承诺',
  pickup_due: '上门取样',
  certificate_expiring: '资质证书',
  refund_failed: '原路退款',
  config: '系统配置',
  staff_login: '登录安全',
  closed_account_payment: '注销后到账',
  estimate_slip: '出数据预计延误',
  vault_integrity: '原始数据校验',
};
const kindColors: Record<StaffAlertView['kind'], string> = { ledger_mismatch: 'red', promise_due: 'orange', pickup_due: 'blue', certificate_expiring: 'gold', refund_failed: 'red', config: 'red', staff_login: 'volcano', closed_account_payment: 'red', estimate_slip: 'orange', vault_integrity: 'red' };

/** /admin/alerts (消息 → 系统提醒): what the background jobs found that someone must look at (admin: all; others: their role's). */
export default function AlertsPage() {
  const table = useServerTable({ filters: { open: '1' } });
  const { data, isFetching } = useAlerts(table.query);
  const handle = useHandleAlert();

  const columns: TableColumnsType<StaffAlertView> = [
    { title: '时间', dataIndex: 'createdAt', width: 150, render: (at: string) => <span className="admin-nowrap">{formatDateTime(at)}</span> },
    { title: '类型', dataIndex: 'kind', width: 100, render: (kind: StaffAlertView['kind']) => <Tag color={kindColors[kind]}>{kindLabels[kind]}</Tag> },
    {
      title: '内容',
      dataIndex: 'title',
      render: (title: string, alert) => (
        <div>
          <div>{alert.link ? <Link to={alert.link}>{title}</Link> : title}</div>
          <Typography.Paragraph className="admin-muted" style={{ margin: 0, whiteSpace: 'pre-line' }} ellipsis={{ rows: 3, expandable: true, symbol: '展开' }}>
            {alert.content}
          </Typography.Paragraph>
        </div>
      ),
    },
    {
      title: '处理',
      key: 'handled',
      width: 160,
      render: (_: unknown, alert) =>
        alert.handledAt ? (
          <span className="admin-muted">已处理 {formatDateTime(alert.handledAt)}</span>
        ) : (
          <Button size="small" loading={handle.isPending && handle.variables === alert.id} onClick={() => handle.mutate(alert.id)}>
            标记已处理
          </Button>
        ),
    },
  ];

  return (
    <AdminPage title="系统提醒" description="后台任务发现的须处理事项，例如夜间资金核对发现账户余额与流水不符。">
      <AdminSection>
        <div className="admin-filters">
          <Segmented
            options={[
              { value: '1', label: '未处理' },
              { value: '', label: '全部' },
            ]}
            value={table.filters.open}
            onChange={(open) => table.setFilters({ open: String(open) })}
          />
        </div>
        <AdminTable<StaffAlertView>
          rowKey="id"
          columns={columns}
          query={{ data, isFetching }}
          table={table}
        />
      </AdminSection>
    </AdminPage>
  );
}
