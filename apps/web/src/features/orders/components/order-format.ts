import {
  orderTabs,
  paymentLabels,
  progressLabels,
  type OrderTab,
  type PaymentStatus,
  type OrderSummary,
  type ProgressStatus,
} from '@lab/contract';

/** The lifecycle in order (PRODUCT.md); 已取消 is not a step. */
export const LIFECYCLE: ProgressStatus[] = ['submitted', 'awaiting_sample', 'received', 'testing', 'delivered', 'completed'];

export const progressColor: Record<ProgressStatus, string> = {
  submitted: 'blue',
  awaiting_sample: 'orange',
  received: 'cyan',
  testing: 'geekblue',
  delivered: 'purple',
  completed: 'success',
  cancelled: 'default',
};

export const paymentColor: Record<PaymentStatus, string> = { unpaid: 'error', unsettled: 'warning', approval: 'processing', paid: 'success', refunded: 'default' };

/** The label of a tab of /member/order or a status of the query form. */
export const tabLabel = (tab: OrderTab): string =>
  tab === 'all' ? '全部' : tab === 'unpaid' ? paymentLabels.unpaid : tab === 'unsettled' ? paymentLabels.unsettled : progressLabels[tab];

/** /member/order's tabs: 全部 and the progress states. */
export const LIST_TABS: OrderTab[] = ['all', 'submitted', 'awaiting_sample', 'received', 'testing', 'delivered', 'completed', 'cancelled'];

/** The query form's statuses: every tab. */
export const QUERY_STATUSES: readonly OrderTab[] = orderTabs;

/** Samples of an order as a person reads them: 3 个样品 · 2 个项目 */
/** '2 个项目 · 5 个样品'; an instrument booking has no samples, its time is in the title; nor has 数据保管延期 (what it buys is the title). */
export const sampleSummary = (o: { kind: 'test' | 'reservation' | 'service'; sampleCount: number; lineCount: number }) =>
  o.kind === 'reservation' ? '仪器机时' : o.kind === 'service' ? '数据保管延期' : `${o.lineCount} 个项目 · ${o.sampleCount} 个样品`;

export { formatDateTime } from '../../../lib/format';

/**
 * What happens next for an order, as the member reads it, and where to do it (issue 31): to pay,
 * to send the samples, to download and confirm the report, to evaluate; or what the lab is doing.
 */
export function nextStep(o: Pick<OrderSummary, 'orderNo' | 'progress' | 'payment' | 'payLater' | 'actions'>): { text: string; to?: string } {
  const detail = `/member/order/${encodeURIComponent(o.orderNo)}`;
  if (o.progress === 'cancelled') return { text: '订单已取消' };
  if (o.actions.pay) return { text: '去支付', to: `${detail}?pay=1` };
  switch (o.progress) {
    case 'submitted':
      return { text: '等待实验室确认订单' };
    case 'awaiting_sample':
      return { text: '寄送样品（查看收样地址）', to: detail };
    case 'received':
      return { text: '样品已收到，等待排期测试' };
    case 'testing':
      return { text: '测试中，出数据后将通知您' };
    case 'delivered':
      return { text: '下载报告并确认数据', to: detail };
    default:
      if (o.actions.evaluate) return { text: '评价本次服务', to: detail };
      if (o.payment === 'unsettled' || (o.payLater && o.payment === 'unpaid')) return { text: '待结算', to: '/member/unsettled' };
      return { text: '已完成' };
  }
}
