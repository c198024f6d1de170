import {
  orderTabs,
  paymentLabels,
  progressLabels,
  type OrderTab,
  type PaymentStatus,
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

export const paymentColor: Record<PaymentStatus, string> = { unpaid: 'error', unsettled: 'warning', paid: 'success', refunded: 'default' };

/** The label of a tab of /member/order or a status of the query form. */
export const tabLabel = (tab: OrderTab): string =>
  tab === 'all' ? '全部' : tab === 'unpaid' ? paymentLabels.unpaid : tab === 'unsettled' ? paymentLabels.unsettled : progressLabels[tab];

/** /member/order's tabs: 全部 and the progress states. */
export const LIST_TABS: OrderTab[] = ['all', 'submitted', 'awaiting_sample', 'received', 'testing', 'delivered', 'completed', 'cancelled'];

/** The query form's statuses: every tab. */
export const QUERY_STATUSES: readonly OrderTab[] = orderTabs;

/** Samples of an order as a person reads them: 3 个样品 · 2 个项目 */
/** '2 个项目 · 5 个样品'; an instrument booking has no samples, its time is in the title. */
export const sampleSummary = (o: { kind: 'test' | 'reservation'; sampleCount: number; lineCount: number }) =>
  o.kind === 'reservation' ? '仪器机时' : `${o.lineCount} 个项目 · ${o.sampleCount} 个样品`;

export { formatDateTime } from '../../../lib/format';
