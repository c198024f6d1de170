import { useState } from 'react';
import { Button } from 'antd';
import type { AdminOrderDetail } from '@lab/contract';
import { formatDateTime } from '../../../lib/format';
import { useOrderConditions } from '../api/order-conditions';
import { ConditionsDialog } from './conditions-dialog';

const CONFIRMABLE: AdminOrderDetail['progress'][] = ['testing', 'delivered', 'completed'];

/** 测试条件: whether the lab confirmed the conditions used (the member's methods text is a 草稿 until then), and the button to. */
export function ConditionsSection({ detail, canConfirm }: { detail: AdminOrderDetail; canConfirm: boolean }) {
  const [open, setOpen] = useState(false);
  const confirmable = detail.kind === 'test' && CONFIRMABLE.includes(detail.progress);
  const { data } = useOrderConditions(detail.orderNo, confirmable);
  if (!confirmable) return <span className="admin-muted">开始测试后由实验员确认</span>;
  return (
    <div className="desk-conditions-status" data-testid="conditions-status">
      {data?.confirmed ? (
        <p>
          已确认 · {data.confirmed.by} · {formatDateTime(data.confirmed.at)}
          {data.confirmed.credited ? <span className="admin-muted">（同意致谢署名）</span> : null}
        </p>
      ) : (
        <p className="desk-overdue">未确认：客户的论文方法与致谢为草稿</p>
      )}
      {canConfirm ? (
        <Button size="small" onClick={() => setOpen(true)}>
          {data?.confirmed ? '修改测试条件' : '确认测试条件'}
        </Button>
      ) : null}
      <ConditionsDialog view={data} open={open} onClose={() => setOpen(false)} />
    </div>
  );
}
