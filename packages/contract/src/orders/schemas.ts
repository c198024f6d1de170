import { z } from 'zod';
import { emptyMessage, optionalText, pageOf, pageQuery, phonePattern, requiredText } from '../common';
import { blankToUndefined, flagField, intField, jsonField, optionalDate } from './fields';
import { chosenOptionView, PLAN_MAX_LINES } from './plan-schemas';
import { sampleStateView } from './sample-schemas';
import { SAMPLE_COUNT_MAX, SAMPLE_SHEET_MAX_ROWS } from './values';

/**
 * Ordering (issue 6): the experiment plan (cart), requirements and quotes, contracts,
 * orders with their payment and progress, settlement, reports, evaluations and on-site
 * instrument reservations. Member calls are POSTs under /api/auth, staff calls under
 * /api/admin/orders (roles lab, sales; finance for settlement views). Prices are always
 * computed on the server from the catalogue; a price a client sends is never read.
 * Amounts in responses are integer fen (`…Fen`).
 */

export { HOURS_NOT_CONSECUTIVE_MESSAGE, RESERVATION_HOURS, SAMPLE_COUNT_MAX, SAMPLE_SHEET_MAX_ROWS, followsSlot, hourLabel, slotChoices, slotRateLabels, slotRateOf, type SlotRate } from './values';

export const orderNoField = requiredText('订单编号', 32);

/** released: an unpaid booking whose hold expired, or that staff released — its hours are free again */
export const reservationStatuses = ['booked', 'cancelled', 'used', 'released', 'no_show'] as const;
export type ReservationStatus = (typeof reservationStatuses)[number];
export const reservationStatusLabels: Record<ReservationStatus, string> = { booked: '已预约', cancelled: '已取消', used: '已使用', released: '已释放', no_show: '爽约' };

// ---- orders ----

export const progressStatuses = ['submitted', 'awaiting_sample', 'received', 'testing', 'delivered', 'completed', 'cancelled'] as const;
export type ProgressStatus = (typeof progressStatuses)[number];
export const progressLabels: Record<ProgressStatus, string> = {
  submitted: '待确认',
  awaiting_sample: '待寄样',
  received: '已收样',
  testing: '测试中',
  delivered: '已出数据',
  completed: '已完成',
  cancelled: '已取消',
};
export const paymentStatuses = ['unpaid', 'unsettled', 'approval', 'paid', 'refunded'] as const;
export type PaymentStatus = (typeof paymentStatuses)[number];
export const paymentLabels: Record<PaymentStatus, string> = { unpaid: '待支付', unsettled: '待结算', approval: '待导师审批', paid: '已支付', refunded: '已退款' };

/**
 * The progress changes allowed, and by whom. The member may cancel only before the sample
 * is received; staff may cancel until data is delivered (with a reason); delivered → testing
 * is a re-test.
 */
export const progressTransitions: Record<ProgressStatus, ProgressStatus[]> = {
  submitted: ['awaiting_sample', 'cancelled'],
  awaiting_sample: ['received', 'cancelled'],
  received: ['testing', 'cancelled'],
  testing: ['delivered', 'cancelled'],
  delivered: ['completed', 'testing'],
  completed: [],
  cancelled: [],
};
export const MEMBER_CANCELLABLE: ProgressStatus[] = ['submitted', 'awaiting_sample'];
/** A disputed result (assign/wrong) may be raised within 15 days of data delivery. */
export const RETEST_WINDOW_DAYS = 15;
/** Pay-after-test for college members with basic info but no approved credit line: up to this much unpaid at once. */
export const PAY_LATER_DEFAULT_LIMIT_FEN = 5_000_000;

/** Member-facing tabs of /member/order (and the status filter of oquery). */
export const orderTabs = ['all', 'submitted', 'awaiting_sample', 'received', 'testing', 'delivered', 'completed', 'cancelled', 'unpaid', 'unsettled'] as const;
export type OrderTab = (typeof orderTabs)[number];

export const SAMPLE_FORMS = ['powder', 'film', 'liquid', 'bulk', 'fiber', 'gas', 'other'] as const;
export type SampleForm = (typeof SAMPLE_FORMS)[number];
export const sampleFormLabels: Record<SampleForm, string> = { powder: '粉末', film: '薄膜', liquid: '液体', bulk: '块体', fiber: '纤维', gas: '气体', other: '其他' };

export const orderSampleSchema = z.object({
  name: requiredText('样品名称', 60),
  count: intField('样品数量', 1, SAMPLE_COUNT_MAX).default(1),
  form: z.enum(SAMPLE_FORMS, { error: (issue) => (issue.input === undefined || issue.input === '' ? '请选择样品形态' : '[样品形态]不正确') }),
  /** e.g. 易燃, 有毒; empty when none */
  hazards: optionalText('危险性说明', 200),
  magnetic: flagField.default(false),
  returnWanted: flagField.default(false),
});
export type OrderSample = z.infer<typeof orderSampleSchema>;

export const DELIVERY_KINDS = ['self', 'pickup'] as const;
export type DeliveryKind = (typeof DELIVERY_KINDS)[number];
export const deliveryLabels: Record<DeliveryKind, string> = { self: '自行寄样', pickup: '上门取样' };

/**
 * order/add: places an order from plan lines. `lines` JSON:
 * [{ id: <plan line id>, samples: [OrderSample…], note }]. Every line given must be in the
 * member's plan; those lines leave the plan. Delivery 'pickup' books the home pickup
 * (address_rid, date, time as sampling/add) in the same transaction.
 */
export const orderAddBody = z
  .object({
    lines: jsonField(
      '订单项目',
      z
        .array(z.object({ id: z.string().max(40), samples: z.array(orderSampleSchema).max(SAMPLE_SHEET_MAX_ROWS, { error: `一个项目最多${SAMPLE_SHEET_MAX_ROWS}个样品` }).default([]), note: optionalText('备注', 500) }), { error: '请选择要下单的项目' })
        .min(1, { error: '请选择要下单的项目' })
        .max(PLAN_MAX_LINES),
    ),
    delivery: z.enum(DELIVERY_KINDS, { error: '[送样方式]不正确' }),
    address_rid: optionalText('取样地址', 40),
    date: optionalDate('取样日期'),
    time: optionalText('取样时间', 10),
    agree: flagField.refine((v) => v, { error: '请阅读并同意《委托检测服务协议》' }),
    coupon_rid: optionalText('优惠券', 40),
    /** a sealed 报价单 (BJ…) of the member's, still valid: its lines are ordered at the quoted unit prices */
    quote_no: optionalText('报价单编号', 40),
    /** 0 none, 1–4 as invoice types */
    invoice_type: z.preprocess(blankToUndefined, z.coerce.number().int().min(0).max(4).default(0)),
    invoice_title_rid: optionalText('发票抬头', 40),
    contact: optionalText('联系人', 40),
    phone: z.preprocess(blankToUndefined, z.string().regex(phonePattern, { error: '[联系电话]格式不正确' }).optional()),
    remark: optionalText('订单备注', 500),
    /** 课题号 / project number printed on the 测试清单 and the statement (a grant card's number is written when paying with it) */
    project_no: optionalText('课题号', 60),
  })
  .superRefine((v, ctx) => {
    if (v.delivery !== 'pickup') return;
    if (!v.address_rid) ctx.addIssue({ code: 'custom', path: ['address_rid'], message: emptyMessage('取样地址') });
    else if (!v.date) ctx.addIssue({ code: 'custom', path: ['date'], message: emptyMessage('取样日期') });
    else if (!v.time) ctx.addIssue({ code: 'custom', path: ['time'], message: emptyMessage('取样时间') });
  });
export type OrderAddBody = z.infer<typeof orderAddBody>;

export const orderNoBody = z.object({ order_no: orderNoField });
export const orderCancelBody = z.object({ order_no: orderNoField, reason: optionalText('取消原因', 200) });

export const orderListBody = pageQuery.extend({
  tab: z.preprocess(blankToUndefined, z.enum(orderTabs, { error: '[订单状态]不正确' }).default('all')),
  order_no: optionalText('订单编号', 32),
  /** a project name (or part of one) */
  keyword: optionalText('项目名称', 50),
  from: optionalDate('开始日期'),
  to: optionalDate('结束日期'),
  /**
   * Keyset paging: the `cursor` of the page before (same tab and filters); `page` is then only
   * echoed. Without it the list is paged by number, as the spec's page does.
   */
  cursor: z.preprocess(blankToUndefined, z.string().regex(/^[\w-]{1,120}$/, { error: '[翻页游标]不正确' }).optional()),
});
export type OrderListBody = z.infer<typeof orderListBody>;

/** a sample as ordered, with the code the lab labels it with */
export const orderSampleView = z.object({
  name: z.string(),
  count: z.number().int(),
  form: z.enum(SAMPLE_FORMS),
  hazards: z.string().optional(),
  magnetic: z.boolean(),
  returnWanted: z.boolean(),
  code: z.string(),
  /** where the sample is in the lab (sample-schemas.ts) */
  ...sampleStateView.shape,
});

export const orderLineView = z.object({
  id: z.string(),
  rid: z.string(),
  name: z.string(),
  img: z.string(),
  typeId: z.number().int(),
  groupId: z.number().int(),
  unit: z.string(),
  count: z.number().int(),
  options: z.array(chosenOptionView),
  /** the price it was ordered at */
  unitPriceFen: z.number().int(),
  amountFen: z.number().int(),
  note: z.string(),
  samples: z.array(orderSampleView),
  /** holdUntil: an unpaid booking keeps its hours until then (null once paid or no longer a hold) */
  reservation: z.object({ rid: z.string(), date: z.string(), hours: z.array(z.number().int()), status: z.enum(reservationStatuses), holdUntil: z.string().nullable() }).nullable(),
});
export type OrderLine = z.infer<typeof orderLineView>;

export const orderEventView = z.object({
  status: z.enum([...progressStatuses, 'paid', 'refunded', 'unsettled', 'disputed', 'confirmed_data', 'evaluated', 'note']),
  title: z.string(),
  note: z.string(),
  actor: z.enum(['member', 'staff', 'system']),
  actorName: z.string(),
  at: z.string(),
});
export type OrderEvent = z.infer<typeof orderEventView>;

export const reportFileView = z.object({
  id: z.string(),
  name: z.string(),
  size: z.number().int(),
  uploadedAt: z.string(),
});
export type ReportFile = z.infer<typeof reportFileView>;

export const orderSummaryView = z.object({
  orderNo: z.string(),
  kind: z.enum(['test', 'reservation', 'service']),
  progress: z.enum(progressStatuses),
  progressText: z.string(),
  payment: z.enum(paymentStatuses),
  paymentText: z.string(),
  /** the lines' names, for lists */
  title: z.string(),
  lineCount: z.number().int(),
  sampleCount: z.number().int(),
  totalFen: z.number().int(),
  discountFen: z.number().int(),
  /** total − discount: what is (or was) to pay */
  payableFen: z.number().int(),
  payLater: z.boolean(),
  /** 课题号 / project number: free text, or the grant card's number when paid with one ('' none) */
  projectNo: z.string(),
  delivery: z.enum(DELIVERY_KINDS),
  createdAt: z.string(),
  paidAt: z.string().nullable(),
  /** what the member can do now */
  actions: z.object({ pay: z.boolean(), cancel: z.boolean(), confirmData: z.boolean(), dispute: z.boolean(), evaluate: z.boolean() }),
});
export type OrderSummary = z.infer<typeof orderSummaryView>;

/** order/list4person's answer: a page, and the cursor of the page after it (null on the last page). */
export const orderPageView = pageOf(orderSummaryView).extend({ cursor: z.string().nullable() });
export type OrderPage = z.infer<typeof orderPageView>;

export const orderDetailView = orderSummaryView.extend({
  lines: z.array(orderLineView),
  events: z.array(orderEventView),
  reports: z.array(reportFileView),
  contact: z.string(),
  phone: z.string(),
  remark: z.string(),
  pickup: z.object({ rid: z.string(), date: z.string(), time: z.string(), address: z.string(), status: z.string() }).nullable(),
  /** where the money came from */
  paidFrom: z.object({ kind: z.enum(['member', 'community', 'none']), name: z.string() }),
  coupon: z.object({ rid: z.string(), name: z.string(), discountFen: z.number().int() }).nullable(),
  invoiceType: z.number().int(),
  evaluation: z.object({ score: z.number().int(), content: z.string(), createdAt: z.string() }).nullable(),
  dispute: z.object({ reason: z.string(), createdAt: z.string(), resolved: z.boolean() }).nullable(),
  /** the lab's address for self-send */
  labAddress: z.string(),
});
export type OrderDetail = z.infer<typeof orderDetailView>;

/** order/history4user: items the member ordered before, newest first (to order again). */
export const orderedItemView = z.object({
  rid: z.string(),
  name: z.string(),
  img: z.string(),
  times: z.number().int(),
  /** samples ordered in all, or hours for an on-site instrument (see `unit`) */
  samples: z.number().int(),
  /** the item's unit: 样品, 小时 … */
  unit: z.string(),
  lastOrderedAt: z.string(),
});
export type OrderedItem = z.infer<typeof orderedItemView>;

/** order/testRecord: per line and sample, where it is in the lab. */
export const testRecordView = z.object({
  lineId: z.string(),
  name: z.string(),
  samples: z.array(z.object({ code: z.string(), name: z.string(), status: z.string() })),
  events: z.array(orderEventView),
});
export type TestRecord = z.infer<typeof testRecordView>;

export const evaluateAddBody = z.object({
  order_no: orderNoField,
  score: intField('评分', 1, 5),
  content: optionalText('评价内容', 500),
});
export const disputeBody = z.object({ order_no: orderNoField, reason: requiredText('问题描述', 500) });
