import { Button, Popconfirm } from 'antd';

interface CancelRequestButtonProps {
  /** what is cancelled: 确定取消该<what>吗？ */
  what: string;
  note?: string;
  busy: boolean;
  onConfirm: () => void;
  /** the button's and the confirm's words: 取消申请 unless given (取消预约) */
  action?: string;
  /** the confirm button in red, where cancelling gives something up (a booked slot) */
  dangerConfirm?: boolean;
}

/** 取消申请 / 取消预约 on a member's pending request or booking (预存, 转账, 提现, 额度, 预约, 上门取样), once the member confirms. */
export function CancelRequestButton({ what, note, busy, onConfirm, action = '取消申请', dangerConfirm = false }: CancelRequestButtonProps) {
  return (
    <Popconfirm title={`确定取消该${what}吗？`} description={note} okText={action} cancelText="再想想" okButtonProps={dangerConfirm ? { danger: true } : undefined} onConfirm={onConfirm}>
      <Button size="small" danger loading={busy}>
        {action}
      </Button>
    </Popconfirm>
  );
}
