import { useMemo, useState } from 'react';
import { DatePicker, Descriptions, Drawer, Input, Select, Tag, type TableColumnsType } from 'antd';
import dayjs from 'dayjs';
import { auditEntityLabels, staffRoleLabels, type AuditEntry } from '@lab/contract';
import { AdminPage, AdminSection } from '../../../components/admin/admin-page';
import { AdminTable } from '../../../components/admin/admin-table';
import { useServerTable } from '../../../components/admin/use-server-table';
import { formatDateTime } from '../../../lib/format';
import { useAuditActions, useAuditLog, useStaffNames } from '../api/audit';
import { AuditDiff } from '../components/audit-diff';
import './audit.css';

const entityLabel = (entity: string) => auditEntityLabels[entity] ?? entity;
/** a member's own privacy row (导出个人信息、注销账号) reads 会员 */
const roleLabel = (role: AuditEntry['staffRole']) => (role === 'member' ? '会员' : staffRoleLabels[role]);

/** /admin/audit: every change staff made — who, when, what, before and after — searchable. */
export default function AuditPage() {
  const table = useServerTable({ filters: { staffId: '', entity: '', action: '', target: '', from: '', to: '' } });
  const { data, isFetching } = useAuditLog(table.query);
  const actions = useAuditActions();
  const names = useStaffNames();
  const [open, setOpen] = useState<AuditEntry | null>(null);

  const entityOptions = useMemo(() => {
    const known = [...new Set((actions.data ?? []).map((a) => a.entity))];
    return [{ value: '', label: '全部对象' }, ...known.map((entity) => ({ value: entity, label: entityLabel(entity) }))];
  }, [actions.data]);
  const actionOptions = useMemo(
    () => [
      { value: '', label: '全部操作' },
      ...(actions.data ?? []).filter((a) => !table.filters.entity || a.entity === table.filters.entity).map((a) => ({ value: a.action, label: `${a.label}（${entityLabel(a.entity)}）` })),
    ],
    [actions.data, table.filters.entity],
  );
  const staffOptions = [{ value: '', label: '全部员工' }, ...(names.data ?? []).map((p) => ({ value: String(p.id), label: `${p.name}（${staffRoleLabels[p.role]}）${p.disabled ? ' · 已停用' : ''}` }))];
  const range: [dayjs.Dayjs, dayjs.Dayjs] | null = table.filters.from && table.filters.to ? [dayjs(table.filters.from), dayjs(table.filters.to)] : null;

  const columns: TableColumnsType<AuditEntry> = [
    { title: '时间', dataIndex: 'createdAt', key: 'createdAt', width: 150, sorter: true, sortOrder: table.sortOrderOf('createdAt'), render: (at: string) => <span className="admin-nowrap">{formatDateTime(at)}</span> },
    { title: '员工', key: 'staff', width: 150, render: (_, row) => <span>{row.staffName} <span className="admin-muted">{roleLabel(row.staffRole)}</span></span> },
    { title: '操作', dataIndex: 'actionLabel', width: 170 },
    { title: '对象', key: 'target', render: (_, row) => <span><Tag bordered={false}>{entityLabel(row.entity)}</Tag>{row.targetKey ?? ''}</span> },
    { title: 'IP', dataIndex: 'ip', width: 130, render: (ip: string | null) => <span className="admin-muted">{ip ?? ''}</span> },
    { title: '', key: 'view', width: 70, render: (_, row) => <a onClick={() => setOpen(row)}>详情</a> },
  ];

  return (
    <AdminPage title="操作日志" description="员工每一次修改数据的操作：谁、何时、做了什么、修改前后的内容。日志只增不改。">
      <AdminSection>
        <div className="admin-filters">
          <Select style={{ width: 180 }} value={table.filters.staffId} options={staffOptions} onChange={(staffId) => table.setFilters({ staffId })} aria-label="员工" showSearch optionFilterProp="label" />
          <Select style={{ width: 150 }} value={table.filters.entity} options={entityOptions} onChange={(entity) => table.setFilters({ entity, action: '' })} aria-label="对象类型" />
          <Select style={{ width: 220 }} value={table.filters.action} options={actionOptions} onChange={(action) => table.setFilters({ action })} aria-label="操作" showSearch optionFilterProp="label" />
          <Input.Search allowClear style={{ width: 200 }} placeholder="对象编号（订单号等）" defaultValue={table.filters.target} onSearch={(target) => table.setFilters({ target: target.trim() })} aria-label="对象编号" />
          <DatePicker.RangePicker value={range} onChange={(dates) => table.setFilters({ from: dates?.[0]?.format('YYYY-MM-DD') ?? '', to: dates?.[1]?.format('YYYY-MM-DD') ?? '' })} aria-label="日期" />
        </div>
        <AdminTable<AuditEntry>
          rowKey="id"
          columns={columns}
          query={{ data, isFetching }}
          table={table}
          onRow={(row) => ({ onDoubleClick: () => setOpen(row) })}
          scroll={{ x: 860 }}
        />
      </AdminSection>
      <Drawer open={open !== null} onClose={() => setOpen(null)} size="large" title={open ? `${open.actionLabel} · ${entityLabel(open.entity)} ${open.targetKey ?? ''}` : ''}>
        {open && (
          <div className="audit-detail">
            <Descriptions size="small" column={1} bordered items={[
              { key: 'who', label: '员工', children: `${open.staffName}（${roleLabel(open.staffRole)}）` },
              { key: 'when', label: '时间', children: formatDateTime(open.createdAt) },
              { key: 'action', label: '操作', children: `${open.actionLabel}（${open.action}）` },
              { key: 'ip', label: 'IP', children: open.ip ?? '' },
            ]} />
            <h3>提交的内容</h3>
            <pre className="audit-input">{Object.keys(open.input).length ? JSON.stringify(open.input, null, 2) : '（无）'}</pre>
            <h3>修改前后</h3>
            <AuditDiff before={open.before} after={open.after} />
          </div>
        )}
      </Drawer>
    </AdminPage>
  );
}
