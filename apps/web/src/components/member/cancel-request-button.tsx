import { Button, Popconfirm } from 'antd';

/** 取消申请 on a member's pending request (预存, 转账, 提现, 额度), once the member confirms. */
export function CancelRequestButton({ what, note, busy, onConfirm }: { what: string; note?: string; busy: boolean; onConfirm: () => void }) {
  return (
    <Popconfirm title={`确定取消该${what}吗？`} description={note} okText="取消申请" cancelText="再想想" onConfirm={onConfirm}>
      <Button size="small" danger loading={busy}>
        取消申请
      </Button>
    </Popconfirm>
  );
}
