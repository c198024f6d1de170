import { Table, type TableColumnsType } from 'antd';

export interface DiffRow {
  field: string;
  before: string;
  after: string;
  changed: boolean;
}

const show = (value: unknown): string => {
  if (value === undefined) return '';
  if (value === null) return '—';
  if (typeof value === 'string') return value === '' ? '（空）' : value;
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  return JSON.stringify(value);
};

/**
 * Before and after, field by field: the union of both objects' fields in their order, each
 * marked changed or not. A created object has no before; a removed one no after.
 */
export function diffSnapshots(before: unknown, after: unknown): DiffRow[] {
  const asRecord = (value: unknown): Record<string, unknown> | null =>
    value && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : value === null || value === undefined ? null : { 值: value };
  const a = asRecord(before);
  const b = asRecord(after);
  const fields = [...new Set([...Object.keys(a ?? {}), ...Object.keys(b ?? {})])];
  return fields.map((field) => {
    const left = a ? show(a[field]) : '';
    const right = b ? show(b[field]) : '';
    return { field, before: left, after: right, changed: JSON.stringify(a?.[field] ?? null) !== JSON.stringify(b?.[field] ?? null) };
  });
}

const columns: TableColumnsType<DiffRow> = [
  { title: '字段', dataIndex: 'field', width: 160, render: (field: string, row) => (row.changed ? <strong>{field}</strong> : field) },
  { title: '操作前', dataIndex: 'before', render: (text: string, row) => <span className={row.changed ? 'audit-before' : ''}>{text}</span> },
  { title: '操作后', dataIndex: 'after', render: (text: string, row) => <span className={row.changed ? 'audit-after' : ''}>{text}</span> },
];

/** The changed fields first, highlighted; unchanged ones after, for context. */
export function AuditDiff({ before, after }: { before: unknown; after: unknown }) {
  const rows = diffSnapshots(before, after).sort((x, y) => Number(y.changed) - Number(x.changed));
  return (
    <Table<DiffRow>
      className="audit-diff"
      rowKey="field"
      size="small"
      columns={columns}
      dataSource={rows}
      pagination={false}
      rowClassName={(row) => (row.changed ? 'audit-changed' : '')}
      locale={{ emptyText: '无对象快照' }}
      scroll={{ x: 560 }}
    />
  );
}
