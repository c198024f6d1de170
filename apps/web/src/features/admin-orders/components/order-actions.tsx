import { useState } from 'react';
import { App, Button, Tooltip } from 'antd';
import { PrinterOutlined } from '@ant-design/icons';
import { formatFen, type AdminOrderAction, type AdminOrderDetail, type StaffRole } from '@lab/contract';
import { useReasonPrompt } from '../../../components/admin/reason-prompt';
import { feedback } from '../../../lib/feedback';
import { settled } from '../../../lib/use-api-mutation';
import { useGatedFeedback } from '../../../components/admin/use-gated-feedback';
import { cancelOrder, moveOrder, recordCall, refundOnCancel, resendNotice, useOrderChange, type OrderStep } from '../api/order-steps';
import { deskActions } from '../order-desk';
import { DeliverDialog } from './deliver-dialog';

export const actionLabels: Record<AdminOrderAction, string> = {
  confirm: '确认订单',
  receive: '确认收样',
  test: '开始测试',
  deliver: '交付数据',
  complete: '完成订单',
  retest: '安排复测',
  cancel: '取消订单',
  upload: '上传报告',
  call: '记录回访',
  notify: '重发数据通知',
};

const done: Record<OrderStep, string> = {
  confirm: '订单已确认',
  receive: '已确认收样',
  test: '已开始测试',
  deliver: '数据已交付',
  complete: '订单已完成',
  retest: '已安排复测',
};

/** What confirming tells the member: only what applies to this order (as the server's notice says). */
const confirmText = (detail: Pick<AdminOrderDetail, 'kind' | 'delivery'>) =>
  detail.kind === 'reservation' ? '确认后客户将收到上机时间提醒。' : detail.delivery === 'pickup' ? '确认后客户将收到上门取样提醒，请按预约时间安排取样。' : '确认后客户将收到寄样提醒。';

const confirmTexts: Partial<Record<OrderStep, string>> = {
  receive: '确认样品已到实验室？客户将收到签收通知，请在2小时内回访。',
  test: '确认开始测试？客户将收到测试通知。',
  complete: '完成后订单关闭，客户可评价本次服务。',
};

/** The detail's action buttons: what the state allows for this person's role; each asks first and tells the member. */
export function OrderActions({ detail, role }: { detail: AdminOrderDetail; role: StaffRole | undefined }) {
  const { modal } = App.useApp();
  const prompt = useReasonPrompt();
  const gated = useGatedFeedback();
  const [delivering, setDelivering] = useState(false);
  const step = useOrderChange(({ action, note }: { action: OrderStep; note?: string }) => moveOrder(action, detail.orderNo, note));
  // the refund the person is shown is the one the server books, or it refuses (the order was paid or refunded meanwhile)
  const refundFen = refundOnCancel(detail);
  const cancel = useOrderChange((reason: string) => cancelOrder(detail.orderNo, reason, refundFen));
  const call = useOrderChange((note: string) => recordCall(detail.orderNo, note));
  const notify = useOrderChange(() => resendNotice(detail.orderNo));

  const said = (message: string) => ({ onSuccess: () => feedback.success(message) });

  const confirmStep = (action: OrderStep) =>
    modal.confirm({
      title: `${actionLabels[action]}？`,
      content: action === 'confirm' ? confirmText(detail) : confirmTexts[action],
      okText: actionLabels[action],
      cancelText: '取消',
      onOk: () => settled(step.mutateAsync({ action }, said(done[action]))),
    });

  const handlers: Partial<Record<AdminOrderAction, () => void>> = {
    confirm: () => confirmStep('confirm'),
    receive: () => confirmStep('receive'),
    test: () => confirmStep('test'),
    complete: () => confirmStep('complete'),
    deliver: () => setDelivering(true),
    retest: async () => {
      const note = await prompt({ title: '安排复测', label: '复测说明', placeholder: '例如：按客户意见重新测试 2θ 5–90°', okText: '安排复测', maxLength: 500 });
      if (note !== null) step.mutate({ action: 'retest', note }, said(done.retest));
    },
    cancel: async () => {
      const reason = await prompt({
        title: `取消订单 ${detail.orderNo}`,
        label: '取消原因',
        placeholder: '客户将在通知中看到该原因',
        required: true,
        danger: true,
        okText: '取消订单',
        ...(refundFen > 0 ? { notice: `已支付的 ${formatFen(refundFen)} 将退回客户预存款。` } : {}),
      });
      if (reason === null) return;
      cancel.mutate(reason, {
        onSuccess: (result) => {
          gated(result, refundFen > 0 ? '订单已取消，款项已退回客户预存款' : '订单已取消');
        },
      });
    },
    call: async () => {
      const note = await prompt({ title: '记录回访', label: '回访记录', placeholder: '与客户确认了哪些测试细节（仅实验室可见）', required: true, maxLength: 500, okText: '保存' });
      if (note !== null) call.mutate(note, said('回访已记录'));
    },
    notify: () =>
      modal.confirm({
        title: '重新发送数据通知？',
        content: '将通过短信、邮件和站内信再次通知客户下载报告。',
        okText: '发送',
        cancelText: '取消',
        onOk: () => settled(notify.mutateAsync(undefined, said('数据通知已发送'))),
      }),
  };

  const actions = deskActions(detail, role).filter((action) => action !== 'upload');
  const busy = step.isPending || cancel.isPending || call.isPending || notify.isPending;
  const primary = new Set<AdminOrderAction>(['confirm', 'receive', 'test', 'deliver', 'complete']);
  const hasSamples = detail.lines.some((line) => line.samples.length > 0);

  return (
    <>
      {actions.map((action) => {
        const blocked = action === 'deliver' ? undefined : detail.blocked[action];
        const button = (
          <Button key={action} type={primary.has(action) ? 'primary' : 'default'} danger={action === 'cancel'} disabled={Boolean(blocked) || busy} onClick={handlers[action]}>
            {actionLabels[action]}
          </Button>
        );
        return blocked ? (
          <Tooltip key={action} title={blocked}>
            <span>{button}</span>
          </Tooltip>
        ) : (
          button
        );
      })}
      {hasSamples && (
        <Button icon={<PrinterOutlined />} href={`/admin/orders/${detail.orderNo}/labels`} target="_blank">
          打印标签
        </Button>
      )}
      <DeliverDialog detail={detail} open={delivering} onClose={() => setDelivering(false)} />
    </>
  );
}
