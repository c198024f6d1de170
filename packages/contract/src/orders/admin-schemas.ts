import { z } from 'zod';
import { adminTableQuery, dateFilter } from '../admin-table';
import { optionalText, requiredText } from '../common';
import { optionalFlagField } from './fields';
import { sampleEventView } from './sample-schemas';
import { recycleRequest, recycleStatuses } from './sampling-schemas';
import { orderDetailView, orderNoField, orderSummaryView, paymentStatuses, progressStatuses, SAMPLE_FORMS } from './schemas';

/**
 * The order desk in the back office (sales and lab; the lab's steps lab only): order search,
 * the detail with its service promises, manager calls and data notices, sample labels, home
 * pickups by day, instrument bookings by week and sample returns. Calls are POSTs under
 * /api/admin; the lifecycle steps themselves are in orders.ts (adminProgressBody, adminCancelBody).
 */

const blankToUndefined = (value: unknown) => (value === '' || value === null ? undefined : value);
const optionalChoice = <T extends readonly [string, ...string[]]>(values: T, label: string) =>
  z.preprocess(blankToUndefined, z.enum(values, { error: `[${label}]不正确` }).optional());
/** '1' / '0' (or true / false in JSON) → a boolean; blank → no filter */
const optionalFlag = (label: string) =>
  z.preprocess(
    (value) => (value === true ? '1' : value === false ? '0' : blankToUndefined(value)),
    z
      .enum(['0', '1'], { error: `[${label}]不正确` })
      .transform((value) => value === '1')
      .optional(),
  );

// ---- the service promises (PRODUCT.md) ----

export const orderKinds = ['test', 'reservation', 'service'] as const;
export type OrderKind = (typeof orderKinds)[number];
export const orderKindLabels: Record<OrderKind, string> = { test: '送样测试', reservation: '仪器预约', service: '数据保管延期' };

/** call: the manager calls within 2 h of the sample's arrival; notice: the data notice within 2 h of delivery; return: samples back within 48 h of full payment */
export const promiseKinds = ['call', 'notice', 'return'] as const;
export type PromiseKind = (typeof promiseKinds)[number];
export const promiseKindLabels: Record<PromiseKind, string> = { call: '到样回访', notice: '数据通知', return: '样品回寄' };
/** what each promise says, for tooltips */
export const promiseKindRules: Record<PromiseKind, string> = {
  call: '样品签收后2小时内客户经理电话回访',
  notice: '数据交付后2小时内发出短信、邮件与站内通知',
  return: '订单付清后48小时内寄回样品',
};

/**
 * pending: running; due_soon: within PROMISE_WARN_MINUTES of its deadline; overdue: past it;
 * done: kept; late: done after the deadline; missed: never done and no longer to be done
 * (the order moved on or was cancelled).
 */
export const promiseStates = ['pending', 'due_soon', 'overdue', 'done', 'late', 'missed'] as const;
export type PromiseState = (typeof promiseStates)[number];
export const promiseStateLabels: Record<PromiseState, string> = {
  pending: '进行中',
  due_soon: '即将超时',
  overdue: '已超时',
  done: '已按时完成',
  late: '超时完成',
  missed: '未完成',
};

export const orderPromiseView = z.object({
  kind: z.enum(promiseKinds),
  /** when the clock started: sample received, data delivered, paid in full (or the return asked later) */
  since: z.string(),
  dueAt: z.string(),
  doneAt: z.string().nullable(),
  state: z.enum(promiseStates),
});
export type OrderPromise = z.infer<typeof orderPromiseView>;

/** The order list's 承诺预警 filter: orders with a promise due soon or overdue. */
export const riskFilters = ['any', 'call', 'notice', 'return'] as const;
export type RiskFilter = (typeof riskFilters)[number];
export const riskFilterLabels: Record<RiskFilter, string> = { any: '全部预警', call: '回访将超时', notice: '数据通知将超时', return: '回寄将超时' };

// ---- order search (POST /api/admin/orders/list) ----

export const adminOrderSortFields = ['createdAt', 'totalFen', 'paidAt'] as const;
export type AdminOrderSortField = (typeof adminOrderSortFields)[number];

/**
 * One keyword box: an order number or its beginning (KY2026…), a sample code
 * (KY…-1-2, as scanned), a member's phone (or part of it), name or unit, or words of the
 * order's title (the project names).
 */
export const adminOrderSearchBody = adminTableQuery(adminOrderSortFields).extend({
  progress: optionalChoice(progressStatuses, '订单进度'),
  payment: optionalChoice(paymentStatuses, '支付状态'),
  kind: optionalChoice(orderKinds, '订单类型'),
  payLater: optionalFlag('测试后结算'),
  risk: optionalChoice(riskFilters, '承诺预警'),
  keyword: optionalText('关键词', 50),
  from: dateFilter('开始日期'),
  to: dateFilter('结束日期'),
});
export type AdminOrderSearchBody = z.infer<typeof adminOrderSearchBody>;

export const adminOrderMemberView = z.object({
  rid: z.string(),
  name: z.string(),
  phone: z.string(),
  organization: z.number().int().nullable(),
  company: z.string().nullable(),
});
export type AdminOrderMember = z.infer<typeof adminOrderMemberView>;
export const adminOrderView = orderSummaryView.extend({
  member: z.object({ rid: z.string(), name: z.string(), phone: z.string(), organization: z.number().int().nullable() }),
});

/** A row of the staff's order table. */
export const adminOrderRowView = adminOrderView.extend({
  member: adminOrderMemberView,
  receivedAt: z.string().nullable(),
  deliveredAt: z.string().nullable(),
  promises: z.array(orderPromiseView),
  /** a promise due soon or overdue */
  atRisk: z.boolean(),
  /** 待结算提醒: days since the data of an unpaid pay-after-test order was delivered (null unless 待结算) */
  unsettledDays: z.number().int().nullable(),
});
export type AdminOrderRow = z.infer<typeof adminOrderRowView>;

// ---- the detail and the desk's actions ----

export const adminOrderActions = ['confirm', 'receive', 'test', 'deliver', 'complete', 'retest', 'cancel', 'upload', 'call', 'notify'] as const;
export type AdminOrderAction = (typeof adminOrderActions)[number];
/** who may take each action (admin always); the server checks again */
export const adminOrderActionRoles: Record<AdminOrderAction, readonly ('sales' | 'lab')[]> = {
  confirm: ['sales', 'lab'],
  receive: ['lab'],
  test: ['lab'],
  deliver: ['lab'],
  complete: ['lab'],
  retest: ['lab'],
  cancel: ['sales', 'lab'],
  upload: ['lab'],
  call: ['sales'],
  notify: ['sales', 'lab'],
};

const actionFlags = Object.fromEntries(adminOrderActions.map((action) => [action, z.boolean()])) as Record<AdminOrderAction, z.ZodBoolean>;
const actionReasons = Object.fromEntries(adminOrderActions.map((action) => [action, z.string().optional()])) as Record<AdminOrderAction, z.ZodOptional<z.ZodString>>;

export const adminOrderDetailView = orderDetailView.extend({
  member: adminOrderMemberView.extend({ email: z.string().nullable() }),
  paidFen: z.number().int(),
  /** what paid it, part by part: each online payment with its channel (微信支付, 支付宝), then the prepaid funds' part */
  paidBy: z.array(z.object({ channel: z.string(), amountFen: z.number().int(), paidAt: z.string().nullable(), reference: z.string() })),
  receivedAt: z.string().nullable(),
  deliveredAt: z.string().nullable(),
  completedAt: z.string().nullable(),
  cancelledAt: z.string().nullable(),
  cancelReason: z.string().nullable(),
  /** 记录回访: the customer manager's call after the sample arrived */
  managerCall: z.object({ at: z.string(), by: z.string(), note: z.string() }).nullable(),
  /** when the data notice (SMS, e-mail, in-site) last went out */
  dataNotifiedAt: z.string().nullable(),
  promises: z.array(orderPromiseView),
  /** the member's requests to send samples of this order back */
  returns: z.array(recycleRequest),
  /** every move of the order's samples, oldest first (who, when) */
  sampleEvents: z.array(sampleEventView),
  /** what the order's state allows now (the web also checks the person's role) */
  staffActions: z.object(actionFlags),
  /** why an action the state would allow cannot be taken yet, e.g. { test: '企业订单需全额付款后才能开始测试' } */
  blocked: z.object(actionReasons),
});
export type AdminOrderDetail = z.infer<typeof adminOrderDetailView>;

/** POST /api/admin/orders/call — 记录回访 (sales): the manager called the customer after the sample arrived. */
export const adminCallBody = z.object({ order_no: orderNoField, note: requiredText('回访记录', 500) });
export type AdminCallBody = z.infer<typeof adminCallBody>;

/** POST /api/admin/orders/notify — 重发数据通知: the delivery notice again (SMS, e-mail, in-site message). */
export const adminNotifyBody = z.object({ order_no: orderNoField });

/** GET /api/admin/orders/report, /api/auth/order/report: one report file of an order */
export const reportQuery = z.object({ order_no: orderNoField, id: requiredText('文件编号', 40) });
/** POST /api/admin/orders/report/delete */
export const reportDeleteBody = reportQuery;

// ---- sample labels (POST /api/admin/orders/labels) ----

export const sampleLabelView = z.object({
  /** <order no>-<line>-<n>: what the label prints under the QR code */
  code: z.string(),
  name: z.string(),
  /** the test it is for */
  lineName: z.string(),
  count: z.number().int(),
  form: z.enum(SAMPLE_FORMS),
  hazards: z.string(),
  magnetic: z.boolean(),
  returnWanted: z.boolean(),
});
export type SampleLabel = z.infer<typeof sampleLabelView>;

export const sampleLabelsView = z.object({
  orderNo: z.string(),
  createdAt: z.string(),
  member: z.object({ name: z.string(), phone: z.string(), company: z.string().nullable() }),
  labels: z.array(sampleLabelView),
});
export type SampleLabels = z.infer<typeof sampleLabelsView>;

// ---- sample returns (POST /api/admin/returns/list | send) ----

export const returnCarriers = ['顺丰速运', '京东物流', 'EMS', '中通快递', '圆通速递', '申通快递', '韵达快递'] as const;

export const adminReturnListBody = adminTableQuery(['createdAt']).extend({
  status: optionalChoice(recycleStatuses, '状态'),
  keyword: optionalText('关键词', 50),
});
export type AdminReturnListBody = z.infer<typeof adminReturnListBody>;

export const adminReturnView = recycleRequest.extend({
  member: z.object({ rid: z.string(), name: z.string(), phone: z.string() }),
  /** the order the samples belong to, when the member named one */
  order: z.object({ progressText: z.string(), paymentText: z.string(), paidAt: z.string().nullable() }).nullable(),
  /** 48 h after full payment (or after the request, when it came later); null while the order is unpaid */
  promise: orderPromiseView.nullable(),
  handledAt: z.string().nullable(),
  handledBy: z.string().nullable(),
});
export type AdminReturn = z.infer<typeof adminReturnView>;

export const adminReturnSendBody = z.object({
  rid: requiredText('回寄申请', 40),
  carrier: optionalText('快递公司', 20),
  tracking_no: requiredText('快递单号', 40).regex(/^[A-Za-z0-9-]{6,40}$/, { error: '[快递单号]格式不正确' }),
});
export type AdminReturnSendBody = z.infer<typeof adminReturnSendBody>;

// ---- staff (/api/admin/orders) ----

/** the staff's order search is adminOrderSearchBody (admin-orders.ts) */
/** staff moves an order: confirm, receive (scan), test, deliver, complete, retest, cancel */
/** A lab step; `confirm` 1 with receive also confirms an order still 待确认 (确认并收样, one step). */
export const adminProgressBody = z.object({ order_no: orderNoField, note: optionalText('备注', 500), confirm: optionalFlagField });
/**
 * Staff cancel. `refund_fen` is the refund the person cancelling was shown — what the order has
 * paid, 0 when it is not paid — and the cancel books only while it still is (PRODUCT.md "Staff
 * decisions and value"): an order paid or refunded meanwhile answers 409 ORDER_PAYMENT_CHANGED.
 */
export const ORDER_PAYMENT_CHANGED = '该订单的付款情况已变化，请刷新后重新操作';
export const adminCancelBody = z.object({
  order_no: orderNoField,
  reason: requiredText('取消原因', 200),
  refund_fen: z.preprocess(
    (v) => (v === '' || v === null ? undefined : v),
    z.coerce.number({ error: '[退款金额]不能为空，请刷新页面后重新操作' }).int({ error: '[退款金额]不正确' }).min(0, { error: '[退款金额]不正确' }).max(Number.MAX_SAFE_INTEGER, { error: '[退款金额]不正确' }),
  ),
});
export type AdminOrder = z.infer<typeof adminOrderView>;
