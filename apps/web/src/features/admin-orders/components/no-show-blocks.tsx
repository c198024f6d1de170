import { useState } from 'react';
import { Button, Empty, Input, Popconfirm, Skeleton, Table, type TableColumnsType } from 'antd';
import type { BookingBlock } from '@lab/contract';
import { AdminSection } from '../../../components/admin/admin-page';
import { formatDateTime } from '../../../lib/format';
import { feedback } from '../../../lib/feedback';
import { useBookingBlocks, useLiftBlock } from '../api/booking-blocks';

/** 解除限制: a reason is required (it goes to the audit log), then the member may book again. */
function LiftButton({ block }: { block: BookingBlock }) {
  const [reason, setReason] = useState('');
  const lift = useLiftBlock();
  return (
    <Popconfirm
      title={`解除 ${block.member.name} 的预约限制？`}
      description={
        <div className="desk-release">
          <p>此前的爽约不再计入，会员可以重新预约。</p>
          <Input.TextArea aria-label="解除原因" placeholder="解除原因（必填，记入操作日志）" maxLength={200} rows={2} value={reason} onChange={(e) => setReason(e.target.value)} />
        </div>
      }
      okText="解除限制"
      cancelText="取消"
      okButtonProps={{ loading: lift.isPending, disabled: reason.trim() === '' }}
      onConfirm={() => lift.mutate({ member_rid: block.member.rid, reason: reason.trim() }, { onSuccess: () => feedback.success('已解除该会员的预约限制') })}
    >
      <Button size="small">解除限制</Button>
    </Popconfirm>
  );
}

/** 爽约限制: members whose no-shows block their bookings (后台任务设置's count within its days), with the lift. */
export function NoShowBlocks() {
  const { data, isPending } = useBookingBlocks();
  const columns: TableColumnsType<BookingBlock> = [
    { title: '会员', key: 'member', render: (_, b) => `${b.member.name} ${b.member.phone}` },
    { title: '爽约次数', dataIndex: 'noShows', key: 'noShows', width: 100 },
    { title: '最近爽约', key: 'last', render: (_, b) => formatDateTime(b.lastNoShowAt) },
    { title: '操作', key: 'action', width: 120, render: (_, b) => <LiftButton block={b} /> },
  ];
  return (
    <AdminSection title="爽约限制" extra={<span className="admin-muted">开始后30分钟未上机记为爽约；次数与统计天数见「后台任务设置」</span>}>
      {isPending ? (
        <Skeleton active />
      ) : (data ?? []).length === 0 ? (
        <Empty description="没有因爽约暂停预约的会员" />
      ) : (
        <Table rowKey={(b) => b.member.rid} columns={columns} dataSource={data} pagination={false} size="small" scroll={{ x: 560 }} aria-label="因爽约暂停预约的会员" />
      )}
    </AdminSection>
  );
}
