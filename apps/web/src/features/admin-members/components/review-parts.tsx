import { Button, Segmented, Space, type TableColumnsType } from 'antd';
import { reviewFilterOptions } from './labels';

/** The 操作 column of a review queue: 通过 and 驳回 while the application waits, 已处理 once decided. */
export function reviewActionsColumn<T>({ pending, onApprove, onRefuse, width }: { pending: (row: T) => boolean; onApprove: (row: T) => void; onRefuse: (row: T) => unknown; width: number }): TableColumnsType<T>[number] {
  return {
    title: '操作',
    key: 'actions',
    fixed: 'right',
    width,
    render: (_, row) =>
      pending(row) ? (
        <Space size={0}>
          <Button type="link" size="small" onClick={() => onApprove(row)}>通过</Button>
          <Button type="link" size="small" danger onClick={() => void onRefuse(row)}>驳回</Button>
        </Space>
      ) : (
        <span className="admin-muted">已处理</span>
      ),
  };
}

/** The 审核状态 filter of a review queue (待审核 first). */
export function ReviewStatusFilter({ value, onChange }: { value: string; onChange: (status: string) => void }) {
  return <Segmented className="customers-segmented" value={value} options={reviewFilterOptions} onChange={(status) => onChange(String(status))} aria-label="审核状态" />;
}
