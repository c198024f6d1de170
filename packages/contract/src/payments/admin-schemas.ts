import { z } from 'zod';
import { adminTableQuery, dateFilter } from '../admin-table';
import { ID_MAX, optionalText, pageOf, requiredText } from '../common';
import { isCalendarDate } from '../dates';
import { adminMemberRefView } from '../funds/admin-queue-schemas';
import { adminLedgerEntryView } from '../funds/admin-schemas';
import { ONLINE_PAY_PURPOSES, ONLINE_PAY_SCENES, ONLINE_PAY_STATES } from './online-pay-schemas';

/**
 * Online payments in the back office (财务管理 → 在线支付, 退款记录, 对账; role finance, admin
 * passes): the payments and refunds as server tables with their xlsx exports, and the daily
 * reconciliation of each vendor's bill with our records (docs/payments.md "What finance
 * reconciles"). Answers are integer fen.
 */

const blankToUndefined = (v: unknown) => (v === '' || v === null ? undefined : v);
const vendorFilter = z.preprocess(blankToUndefined, z.enum(['wechat', 'alipay'], { error: '[支付渠道]不正确' }).optional());
const withoutPage = { page: true, pageSize: true } as const;

export const ONLINE_PAY_PURPOSE_NAMES = { order: '订单支付', topup: '在线充值', settle: '批量结算' } as const;
export const ONLINE_REFUND_STATES = ['processing', 'success', 'closed', 'abnormal'] as const;
export type OnlineRefundState = (typeof ONLINE_REFUND_STATES)[number];
export const ONLINE_REFUND_STATE_NAMES: Record<OnlineRefundState, string> = { processing: '退款中', success: '退款成功', closed: '退款关闭', abnormal: '退款异常' };

// ---- 在线支付 ----

export const adminOnlinePaymentListBody = adminTableQuery(['createdAt', 'paidAt', 'amountFen']).extend({
  /** the day the payment was created (lab days) */
  from: dateFilter('开始日期'),
  to: dateFilter('结束日期'),
  vendor: vendorFilter,
  state: z.preprocess(blankToUndefined, z.enum(ONLINE_PAY_STATES, { error: '[状态]不正确' }).optional()),
  purpose: z.preprocess(blankToUndefined, z.enum(ONLINE_PAY_PURPOSES, { error: '[用途]不正确' }).optional()),
  /** the member's phone (or its beginning), the payment number, an order number, or the vendor's transaction number */
  keyword: optionalText('关键词', 50),
});
export type AdminOnlinePaymentListBody = z.infer<typeof adminOnlinePaymentListBody>;
export const adminOnlinePaymentExportQuery = adminOnlinePaymentListBody.omit(withoutPage);
export type AdminOnlinePaymentExportQuery = z.infer<typeof adminOnlinePaymentExportQuery>;

export const adminOnlinePaymentView = z.object({
  paymentNo: z.string(),
  member: adminMemberRefView,
  purpose: z.enum(ONLINE_PAY_PURPOSES),
  purposeText: z.string(),
  vendor: z.enum(['wechat', 'alipay']),
  vendorText: z.string(),
  scene: z.enum(ONLINE_PAY_SCENES),
  provider: z.string(),
  state: z.enum(ONLINE_PAY_STATES),
  stateText: z.string(),
  amountFen: z.number().int(),
  balanceFen: z.number().int(),
  bonusFen: z.number().int(),
  /** refunded to the channel so far (success) and asked for (processing) */
  refundedFen: z.number().int(),
  refundingFen: z.number().int(),
  tradeNo: z.string().nullable(),
  orderNos: z.array(z.string()),
  /** whose prepaid funds the money went through */
  fundsText: z.string(),
  bookedBy: z.string().nullable(),
  note: z.string(),
  createdAt: z.string(),
  paidAt: z.string().nullable(),
  closedAt: z.string().nullable(),
});
export type AdminOnlinePayment = z.infer<typeof adminOnlinePaymentView>;

export const adminOnlinePaymentNoBody = z.object({ payment_no: requiredText('支付单号', 40) });

export const adminOnlineRefundView = z.object({
  refundNo: z.string(),
  paymentNo: z.string(),
  member: adminMemberRefView,
  vendor: z.enum(['wechat', 'alipay']),
  vendorText: z.string(),
  orderNo: z.string().nullable(),
  amountFen: z.number().int(),
  state: z.enum(ONLINE_REFUND_STATES),
  stateText: z.string(),
  refundId: z.string().nullable(),
  reason: z.string(),
  attempts: z.number().int(),
  lastError: z.string(),
  createdAt: z.string(),
  requestedAt: z.string().nullable(),
  succeededAt: z.string().nullable(),
});
export type AdminOnlineRefund = z.infer<typeof adminOnlineRefundView>;

export const adminOnlinePaymentDetailView = z.object({
  payment: adminOnlinePaymentView,
  refunds: z.array(adminOnlineRefundView),
  /** the ledger entries of the payment (pay:<no>) and its refunds (refund:<no>) */
  entries: z.array(adminLedgerEntryView),
});
export type AdminOnlinePaymentDetail = z.infer<typeof adminOnlinePaymentDetailView>;

// ---- 退款记录 ----

export const adminOnlineRefundListBody = adminTableQuery(['createdAt', 'amountFen']).extend({
  from: dateFilter('开始日期'),
  to: dateFilter('结束日期'),
  vendor: vendorFilter,
  state: z.preprocess(blankToUndefined, z.enum(ONLINE_REFUND_STATES, { error: '[状态]不正确' }).optional()),
  /** the member's phone (or its beginning), the refund or payment number, the order number */
  keyword: optionalText('关键词', 50),
});
export type AdminOnlineRefundListBody = z.infer<typeof adminOnlineRefundListBody>;
export const adminOnlineRefundExportQuery = adminOnlineRefundListBody.omit(withoutPage);
export type AdminOnlineRefundExportQuery = z.infer<typeof adminOnlineRefundExportQuery>;
export const adminOnlineRefundNoBody = z.object({ refund_no: requiredText('退款单号', 40) });
export type AdminOnlineRefundNoBody = z.infer<typeof adminOnlineRefundNoBody>;

export const ONLINE_PAYMENT_EXPORT_HEADERS = ['创建时间', '支付单号', '会员', '手机号', '用途', '支付渠道', '状态', '在线金额(元)', '余额支付(元)', '已退款(元)', '渠道交易号', '关联订单', '资金账户', '支付时间', '备注'] as const;
export const ONLINE_REFUND_EXPORT_HEADERS = ['申请时间', '退款单号', '支付单号', '会员', '手机号', '支付渠道', '订单编号', '退款金额(元)', '状态', '渠道退款号', '退款原因', '成功时间', '最近错误'] as const;

// ---- 对账 ----

export const RECONCILE_KINDS = ['amount', 'bill_only', 'ours_only', 'refund_amount', 'refund_bill_only', 'refund_ours_only'] as const;
export type ReconcileKind = (typeof RECONCILE_KINDS)[number];
export const RECONCILE_KIND_NAMES: Record<ReconcileKind, string> = {
  amount: '金额不符',
  bill_only: '渠道有、本地未支付',
  ours_only: '本地已支付、渠道账单无',
  refund_amount: '退款金额不符',
  refund_bill_only: '渠道有退款、本地未成功',
  refund_ours_only: '本地退款成功、渠道账单无',
};

export const adminReconcileListBody = z.object({
  from: dateFilter('开始日期'),
  to: dateFilter('结束日期'),
  vendor: vendorFilter,
});
export type AdminReconcileListBody = z.infer<typeof adminReconcileListBody>;

export const reconcileRunView = z.object({
  id: z.number().int(),
  vendor: z.enum(['wechat', 'alipay']),
  vendorText: z.string(),
  day: z.string(),
  provider: z.string(),
  state: z.enum(['done', 'failed']),
  error: z.string(),
  billPayCount: z.number().int(),
  billPayFen: z.number().int(),
  billRefundCount: z.number().int(),
  billRefundFen: z.number().int(),
  ourPayCount: z.number().int(),
  ourPayFen: z.number().int(),
  ourRefundCount: z.number().int(),
  ourRefundFen: z.number().int(),
  mismatchCount: z.number().int(),
  /** mismatches not yet resolved */
  openCount: z.number().int(),
  runBy: z.enum(['job', 'staff']),
  staffName: z.string().nullable(),
  ranAt: z.string(),
});
export type ReconcileRun = z.infer<typeof reconcileRunView>;

export const reconcileLineView = z.object({
  id: z.number().int(),
  kind: z.enum(RECONCILE_KINDS),
  kindText: z.string(),
  paymentNo: z.string(),
  refundNo: z.string().nullable(),
  tradeNo: z.string(),
  billFen: z.number().int().nullable(),
  ourFen: z.number().int().nullable(),
  ourState: z.string(),
  resolvedAt: z.string().nullable(),
  resolvedByName: z.string().nullable(),
  resolveNote: z.string(),
});
export type ReconcileLine = z.infer<typeof reconcileLineView>;
export const reconcileDetailView = z.object({ run: reconcileRunView, lines: z.array(reconcileLineView) });
export type ReconcileDetail = z.infer<typeof reconcileDetailView>;

export const adminReconcileIdBody = z.object({ id: z.coerce.number({ error: '[对账记录]不正确' }).int({ error: '[对账记录]不正确' }).positive({ error: '[对账记录]不正确' }).max(ID_MAX, { error: '[对账记录]不正确' }) });
export const adminReconcileRunBody = z.object({
  day: requiredText('对账日期', 10).regex(/^\d{4}-\d{2}-\d{2}$/, { error: '[对账日期]格式应为YYYY-MM-DD' }).refine(isCalendarDate, { error: '[对账日期]不是有效日期' }),
  /** one vendor, or every configured one */
  vendor: vendorFilter,
});
export type AdminReconcileRunBody = z.infer<typeof adminReconcileRunBody>;
export const adminReconcileResolveBody = z.object({
  id: z.coerce.number({ error: '[差异记录]不正确' }).int({ error: '[差异记录]不正确' }).positive({ error: '[差异记录]不正确' }).max(ID_MAX, { error: '[差异记录]不正确' }),
  note: requiredText('处理说明', 500),
});
export type AdminReconcileResolveBody = z.infer<typeof adminReconcileResolveBody>;

export const reconcileRunsView = z.array(reconcileRunView);
/** what came in online on the lab's today, by channel (paid payments, before refunds): finance's 今日在线收款 */
export const onlineTodayView = z.object({
  day: z.string(),
  channels: z.array(z.object({ vendor: z.enum(['wechat', 'alipay']), vendorText: z.string(), count: z.number().int(), amountFen: z.number().int() })),
  totalFen: z.number().int(),
});
export type OnlineToday = z.infer<typeof onlineTodayView>;
export const adminOnlinePaymentPage = pageOf(adminOnlinePaymentView).extend({ today: onlineTodayView });
export const adminOnlineRefundPage = pageOf(adminOnlineRefundView);
