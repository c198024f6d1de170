import { z } from 'zod';
import { emptyMessage, optionalText, pageOf, pageQuery, phonePattern, requiredText, isCalendarDate } from './common';
import { RESERVATION_HOURS, SAMPLE_COUNT_MAX } from './order-values';

export { HOURS_NOT_CONSECUTIVE_MESSAGE, RESERVATION_HOURS, SAMPLE_COUNT_MAX, hourLabel } from './order-values';

/**
 * Ordering (issue 6): the experiment plan (cart), requirements and quotes, contracts,
 * orders with their payment and progress, settlement, reports, evaluations and on-site
 * instrument reservations. Member calls are POSTs under /api/auth, staff calls under
 * /api/admin/orders (roles lab, sales; finance for settlement views). Prices are always
 * computed on the server from the catalogue; a price a client sends is never read.
 * Amounts in responses are integer fen (`…Fen`).
 */

// ---- shared field helpers ----

const blankToUndefined = (v: unknown) => (v === '' || v === null ? undefined : v);
const rid = (label: string) => requiredText(label, 40);
const optionalDate = (label: string) =>
  z.preprocess(blankToUndefined, z.string().regex(/^\d{4}-\d{2}-\d{2}$/, { error: `[${label}]格式应为YYYY-MM-DD` }).refine(isCalendarDate, { error: `[${label}]不是有效日期` }).optional());
const requiredDate = (label: string) =>
  z.string({ error: emptyMessage(label) }).trim().min(1, { error: emptyMessage(label) }).regex(/^\d{4}-\d{2}-\d{2}$/, { error: `[${label}]格式应为YYYY-MM-DD` }).refine(isCalendarDate, { error: `[${label}]不是有效日期` });
const intField = (label: string, min: number, max: number) =>
  z.coerce
    .number({ error: `[${label}]必须是数字` })
    .int({ error: `[${label}]必须是整数` })
    .min(min, { error: `[${label}]不能小于${min}` })
    .max(max, { error: `[${label}]不能超过${max}` });
/** A form field holding JSON (forms cannot nest); JSON bodies may send the value itself. */
export const jsonField = <T extends z.ZodType>(label: string, schema: T) =>
  z.preprocess((v) => {
    if (typeof v !== 'string') return v;
    if (v.trim() === '') return undefined;
    try {
      return JSON.parse(v);
    } catch {
      return Symbol.for('invalid-json');
    }
  }, z.any().refine((v) => v !== Symbol.for('invalid-json'), { error: `[${label}]格式不正确` }).pipe(schema));
/** '1', 'true', 1, true → true; '0', 'false', '', absent → false */
export const flagField = z.preprocess((v) => v === true || v === 1 || v === '1' || v === 'true' || v === 'on', z.boolean());
const ridList = (label: string) =>
  z.preprocess(
    (v) => (Array.isArray(v) ? v : typeof v === 'string' ? v.split(',').map((s) => s.trim()).filter(Boolean) : v),
    z.array(z.string().max(40), { error: emptyMessage(label) }).min(1, { error: emptyMessage(label) }).max(100, { error: `[${label}]一次最多100个` }),
  );

export const orderNoField = requiredText('订单编号', 32);

/** released: an unpaid booking whose hold expired, or that staff released — its hours are free again */
export const reservationStatuses = ['booked', 'cancelled', 'used', 'released'] as const;
export type ReservationStatus = (typeof reservationStatuses)[number];
export const reservationStatusLabels: Record<ReservationStatus, string> = { booked: '已预约', cancelled: '已取消', used: '已使用', released: '已释放' };

// ---- the experiment plan (实验计划 / cart): tempDevice ----

export const PLAN_MAX_LINES = 50;
/** the spec: the plan's group with type_id 31 comes first, then ascending */
export const PLAN_FIRST_GROUP_ID = 31;

/** One chosen option of a line: the option and the choice ids of the item's `options`. */
export const chosenOptionView = z.object({
  optionId: z.number().int(),
  choiceId: z.number().int(),
  name: z.string(),
  label: z.string(),
  priceFen: z.number().int(),
});
export type ChosenOption = z.infer<typeof chosenOptionView>;

/** tempDevice/add: an item with its options and sample count (or hours). Same item and options merge. */
export const planAddBody = z.object({
  rid: rid('项目编号'),
  count: intField('样品数量', 1, SAMPLE_COUNT_MAX).default(1),
  /** JSON `{ "<optionId>": <choiceId>, … }` — every option of the item needs a choice */
  options: jsonField('测试选项', z.record(z.string(), z.coerce.number().int()).default({})),
  note: optionalText('备注', 500),
});
export type PlanAddBody = z.infer<typeof planAddBody>;

/** tempDevice/addForReservation: an on-site (type 2) instrument with a wished day and hours; booked when the order is placed. */
export const planAddReservationBody = z.object({
  rid: rid('项目编号'),
  date: requiredDate('预约日期'),
  hours: jsonField('预约时段', z.array(z.coerce.number().int(), { error: '[预约时段]不能为空' }).min(1, { error: '请选择预约时段' }).max(12)),
  options: jsonField('测试选项', z.record(z.string(), z.coerce.number().int()).default({})),
  note: optionalText('备注', 500),
});
export type PlanAddReservationBody = z.infer<typeof planAddReservationBody>;

export const planOperateActions = ['count', 'note', 'remove', 'clear'] as const;
/** tempDevice/operate: change a line's count or note, remove lines, or empty the plan. */
export const planOperateBody = z.object({
  action: z.enum(planOperateActions, { error: '[操作]不正确' }),
  /** the plan line ids (remove: comma separated; count/note: one) */
  ids: z.preprocess((v) => (typeof v === 'string' ? v.split(',').map((s) => s.trim()).filter(Boolean) : v), z.array(z.string().max(40)).max(100).default([])),
  count: z.preprocess(blankToUndefined, intField('样品数量', 1, SAMPLE_COUNT_MAX).optional()),
  note: optionalText('备注', 500),
});
export type PlanOperateBody = z.infer<typeof planOperateBody>;

export const planLineView = z.object({
  /** the line's own id (rid) */
  id: z.string(),
  /** the service item's rid */
  rid: z.string(),
  name: z.string(),
  img: z.string(),
  model: z.string().nullable(),
  typeId: z.number().int(),
  groupId: z.number().int(),
  unit: z.string(),
  count: z.number().int(),
  options: z.array(chosenOptionView),
  /** current catalogue price of one sample/hour with the options */
  unitPriceFen: z.number().int(),
  amountFen: z.number().int(),
  note: z.string(),
  /** for on-site lines: the wished day and hours (e.g. [9, 10]) */
  reservation: z.object({ date: z.string(), hours: z.array(z.number().int()) }).nullable(),
  /** false when the item was withdrawn from the catalogue or an option no longer exists */
  available: z.boolean(),
});
export type PlanLine = z.infer<typeof planLineView>;

export const planGroupView = z.object({
  /** the service group's id (31 结构表征 first) */
  type_id: z.number().int(),
  name: z.string(),
  items: z.array(planLineView),
});
export type PlanGroup = z.infer<typeof planGroupView>;

/** tempDevice/list */
export const planView = z.object({
  dataArr: z.array(planGroupView),
  /** lines in the plan: the header's cartNum */
  count: z.number().int(),
  totalFen: z.number().int(),
});
export type Plan = z.infer<typeof planView>;

// ---- requirements (/require, /experiment/demand) and quotes ----

export const requirementStatuses = ['open', 'quoted', 'accepted', 'closed', 'cancelled'] as const;
export type RequirementStatus = (typeof requirementStatuses)[number];
export const requirementStatusLabels: Record<RequirementStatus, string> = {
  open: '待报价',
  quoted: '已报价',
  accepted: '已接受',
  closed: '已关闭',
  cancelled: '已撤回',
};

/** demand/add (page /require); files are attached afterwards with demand/file. */
export const requirementAddBody = z.object({
  title: requiredText('测试需求', 100),
  content: requiredText('需求描述', 2000),
  samples: requiredText('样品信息', 500),
  budget: optionalText('预算', 40),
  deadline: optionalDate('期望完成日期'),
  contact: requiredText('联系人', 40),
  phone: z.string({ error: emptyMessage('联系电话') }).trim().min(1, { error: emptyMessage('联系电话') }).regex(phonePattern, { error: '[联系电话]格式不正确' }),
});
export type RequirementAddBody = z.infer<typeof requirementAddBody>;
export const requirementRidBody = z.object({ rid: rid('需求编号') });
export const requirementListBody = pageQuery.extend({ status: z.preprocess(blankToUndefined, z.enum(requirementStatuses).optional()) });

export const quoteLineView = z.object({
  rid: z.string(),
  name: z.string(),
  count: z.number().int(),
  options: z.array(chosenOptionView),
  unitPriceFen: z.number().int(),
  amountFen: z.number().int(),
});
export type QuoteLine = z.infer<typeof quoteLineView>;
export const requirementView = z.object({
  rid: z.string(),
  title: z.string(),
  content: z.string(),
  samples: z.string(),
  budget: z.string(),
  deadline: z.string().nullable(),
  contact: z.string(),
  phone: z.string(),
  status: z.enum(requirementStatuses),
  statusText: z.string(),
  files: z.array(z.object({ id: z.string(), name: z.string() })),
  /** the lab's answer */
  quote: z.object({ lines: z.array(quoteLineView), totalFen: z.number().int(), note: z.string(), quotedAt: z.string() }).nullable(),
  createdAt: z.string(),
});
export type Requirement = z.infer<typeof requirementView>;
/** staff: demand/quote — lines as JSON [{ rid, count, options: { optionId: choiceId } }] */
export const adminQuoteBody = z.object({
  rid: rid('需求编号'),
  lines: jsonField('报价项目', z.array(z.object({ rid: z.string().max(40), count: z.coerce.number().int().min(1).max(SAMPLE_COUNT_MAX), options: z.record(z.string(), z.coerce.number().int()).default({}) })).min(1, { error: '[报价项目]不能为空' }).max(PLAN_MAX_LINES)),
  note: optionalText('报价说明', 1000),
});
export const adminRequirementCloseBody = z.object({ rid: rid('需求编号'), reason: requiredText('原因', 200) });
/** demand/file (GET): one attachment of a requirement */
export const requirementFileQuery = z.object({ rid: requiredText('需求编号', 40), id: requiredText('附件编号', 40) });
/** the member as sales see them next to a requirement or a contract */
const staffMemberView = z.object({ rid: z.string(), name: z.string(), phone: z.string(), company: z.string() });
export const adminRequirementView = requirementView.extend({
  member: staffMemberView,
  closeReason: z.string().nullable(),
  quotedBy: z.number().int().nullable(),
});

// ---- contracts and agreements (/experiment/contract) ----

/**
 * A contract's state as the member and staff see it. `closed` (无需签署) is an agreement whose
 * order ended before it was in force: a cancelled order's, or a completed order's never signed.
 * It takes no signed copy; the server works it out from the order (it is not stored).
 */
export const contractStatuses = ['to_sign', 'signed', 'confirmed', 'closed'] as const;
export type ContractStatus = (typeof contractStatuses)[number];
export const contractStatusLabels: Record<ContractStatus, string> = { to_sign: '待签署', signed: '已上传，待确认', confirmed: '已生效', closed: '无需签署' };
export const contractView = z.object({
  rid: z.string(),
  title: z.string(),
  /** agreement: the testing agreement of one order; contract: a framework/enterprise contract from the lab */
  kind: z.enum(['agreement', 'contract']),
  orderNo: z.string().nullable(),
  status: z.enum(contractStatuses),
  statusText: z.string(),
  hasSigned: z.boolean(),
  createdAt: z.string(),
});
export type Contract = z.infer<typeof contractView>;
export const contractListBody = pageQuery.extend({ status: z.preprocess(blankToUndefined, z.enum(contractStatuses).optional()) });
export const contractRidBody = z.object({ rid: rid('合同编号') });
/** contract/download, contract/signed, contract/file (GET) */
export const contractQuery = z.object({ rid: requiredText('合同编号', 40) });
export const adminContractView = contractView.extend({
  member: staffMemberView,
  signedAt: z.string().nullable(),
  confirmedAt: z.string().nullable(),
});

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
export const paymentStatuses = ['unpaid', 'unsettled', 'paid', 'refunded'] as const;
export type PaymentStatus = (typeof paymentStatuses)[number];
export const paymentLabels: Record<PaymentStatus, string> = { unpaid: '待支付', unsettled: '待结算', paid: '已支付', refunded: '已退款' };

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
        .array(z.object({ id: z.string().max(40), samples: z.array(orderSampleSchema).max(100).default([]), note: optionalText('备注', 500) }), { error: '请选择要下单的项目' })
        .min(1, { error: '请选择要下单的项目' })
        .max(PLAN_MAX_LINES),
    ),
    delivery: z.enum(DELIVERY_KINDS, { error: '[送样方式]不正确' }),
    address_rid: optionalText('取样地址', 40),
    date: optionalDate('取样日期'),
    time: optionalText('取样时间', 10),
    agree: flagField.refine((v) => v, { error: '请阅读并同意《委托检测服务协议》' }),
    coupon_rid: optionalText('优惠券', 40),
    /** 0 none, 1–4 as invoice types */
    invoice_type: z.preprocess(blankToUndefined, z.coerce.number().int().min(0).max(4).default(0)),
    invoice_title_rid: optionalText('发票抬头', 40),
    contact: optionalText('联系人', 40),
    phone: z.preprocess(blankToUndefined, z.string().regex(phonePattern, { error: '[联系电话]格式不正确' }).optional()),
    remark: optionalText('订单备注', 500),
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

/** Who pays: the member's own funds, or a community they own. */
export const payBody = z.object({
  order_no: orderNoField,
  /** '' or absent: own funds; otherwise the rid of a community the member owns */
  community_rid: optionalText('团体编号', 40),
  /** a coupon's rid; NO_COUPON to pay without one; absent: the coupon chosen when ordering, if still usable */
  coupon_rid: optionalText('优惠券', 40),
});
export const NO_COUPON = 'none';
export type PayBody = z.infer<typeof payBody>;


/** a sample as ordered, with the code the lab labels it with */
export const orderSampleView = z.object({
  name: z.string(),
  count: z.number().int(),
  form: z.enum(SAMPLE_FORMS),
  hazards: z.string().optional(),
  magnetic: z.boolean(),
  returnWanted: z.boolean(),
  code: z.string(),
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
  reservation: z.object({ rid: z.string(), date: z.string(), hours: z.array(z.number().int()), status: z.enum(reservationStatuses) }).nullable(),
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
  kind: z.enum(['test', 'reservation']),
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

export const balanceView = z.object({ kind: z.enum(['member', 'community']), rid: z.string().nullable(), name: z.string(), balanceFen: z.number().int() });

/** order/ready2pay: what paying this order needs. */
export const readyToPayView = z.object({
  order: orderSummaryView,
  balances: z.array(balanceView),
  coupons: z.array(z.object({ rid: z.string(), name: z.string(), discountFen: z.number().int(), usable: z.boolean(), reason: z.string() })),
  /** pay-after-test: allowed for this member and order, and how much room is left */
  payLater: z.object({ allowed: z.boolean(), reason: z.string(), limitFen: z.number().int(), usedFen: z.number().int() }),
});
export type ReadyToPay = z.infer<typeof readyToPayView>;

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

// ---- settlement (assign) ----

/** assign/settlementOperatePlus: settle several unsettled (or pay-later unpaid) orders at once from funds. */
export const settleBody = z.object({
  order_nos: ridList('订单编号'),
  community_rid: optionalText('团体编号', 40),
});
/** assign/statement (POST): the statement as data; `format` is json when given (the file is the GET's) */
export const statementBody = z.object({
  from: optionalDate('开始日期'),
  to: optionalDate('结束日期'),
  format: z.preprocess((v) => (v === '' || v === undefined ? 'json' : v), z.enum(['json'], { error: '[导出格式]不正确' })).optional(),
});
/** assign/statement (GET): 对账单.xlsx of the period */
export const statementExportQuery = z.object({
  from: optionalDate('开始日期'),
  to: optionalDate('结束日期'),
  format: z.preprocess((v) => (v === '' || v === undefined ? 'xlsx' : v), z.enum(['xlsx'], { error: '[导出格式]不正确' })),
});
export const statementView = z.object({
  from: z.string(),
  to: z.string(),
  orders: z.array(
    z.object({
      orderNo: z.string(),
      title: z.string(),
      createdAt: z.string(),
      progressText: z.string(),
      paymentText: z.string(),
      payableFen: z.number().int(),
      paidFen: z.number().int(),
      dueFen: z.number().int(),
      /** how a paid order was paid: 微信支付 / 支付宝 (with 预存款 when the balance paid part), 预存款; '' unpaid */
      payChannel: z.string().default(''),
    }),
  ),
  totalFen: z.number().int(),
  paidFen: z.number().int(),
  dueFen: z.number().int(),
  /** the period's online money (paid / refunded to the channel in the period), top-ups included */
  online: z
    .array(
      z.object({
        kind: z.enum(['payment', 'refund']),
        /** 支付单号 or 退款单号 */
        no: z.string(),
        channel: z.string(),
        /** 订单支付 / 在线充值 / 批量结算 / 原路退款 */
        purposeText: z.string(),
        orderNos: z.array(z.string()),
        /** signed: + paid, − refunded */
        amountFen: z.number().int(),
        at: z.string(),
      }),
    )
    .default([]),
});
export type Statement = z.infer<typeof statementView>;
export const settlementListView = z.object({
  orders: z.array(orderSummaryView),
  dueFen: z.number().int(),
  limitFen: z.number().int(),
  balances: z.array(balanceView),
});
export type SettlementList = z.infer<typeof settlementListView>;

// ---- on-site reservations (instrument time) ----

export const RESERVATION_MAX_DAYS_AHEAD = 30;

/**
 * Unpaid bookings are holds (PRODUCT.md): each keeps its hours for holdMinutes after booking,
 * then counts as released; one member may hold at most capHours unpaid hours at once. Staff
 * change both in the back office (仪器预约 → 预约规则); these apply until they do.
 */
export const reservationSettingsView = z.object({ holdMinutes: z.number().int(), capHours: z.number().int() });
export type ReservationSettings = z.infer<typeof reservationSettingsView>;
export const DEFAULT_RESERVATION_SETTINGS: ReservationSettings = { holdMinutes: 120, capHours: 8 };
export const HOLD_EXPIRED_MESSAGE = '该预约未在保留时间内支付，时段已释放，订单已取消，请重新预约';
/** booking beyond the cap of unpaid hours */
export const holdCapMessage = (capHours: number, heldHours: number) =>
  `未支付的预约最多可保留${capHours}小时，您已有${heldHours}小时待支付，请先支付或取消已有预约后再预约`;

/** POST /api/open/device/query4timeExtra: one instrument's slots on a day, and a 14-day overview. */
export const timeQueryBody = z.object({ rid: rid('项目编号'), date: optionalDate('日期') });
export const slotStateView = z.object({ hour: z.number().int(), label: z.string(), state: z.enum(['free', 'taken', 'mine', 'past', 'closed']) });
export type SlotState = z.infer<typeof slotStateView>;
export const deviceTimeView = z.object({
  rid: z.string(),
  date: z.string(),
  slots: z.array(slotStateView),
  /** the bookable window: each day with its number of free slots (0 when closed) */
  days: z.array(z.object({ date: z.string(), free: z.number().int(), closed: z.boolean() })),
  priceFen: z.number().int(),
  unit: z.string(),
});
export type DeviceTime = z.infer<typeof deviceTimeView>;

/** reservation/add: book consecutive hours of an instrument on a day (becomes an order of kind reservation). */
export const reservationAddBody = z.object({
  rid: rid('项目编号'),
  date: requiredDate('预约日期'),
  hours: jsonField('预约时段', z.array(z.coerce.number().int(), { error: '请选择预约时段' }).min(1, { error: '请选择预约时段' }).max(RESERVATION_HOURS.length)),
  note: optionalText('备注', 500),
});
export type ReservationAddBody = z.infer<typeof reservationAddBody>;
export const reservationRidBody = z.object({ rid: rid('预约编号') });
export const reservationListBody = pageQuery.extend({ status: z.preprocess(blankToUndefined, z.enum(reservationStatuses).optional()) });
export const reservationView = z.object({
  rid: z.string(),
  itemRid: z.string(),
  name: z.string(),
  model: z.string().nullable(),
  labLocation: z.string(),
  date: z.string(),
  hours: z.array(z.number().int()),
  /** '09:00-11:00' (consecutive hours joined) */
  timeText: z.string(),
  status: z.enum(reservationStatuses),
  statusText: z.string(),
  amountFen: z.number().int(),
  orderNo: z.string().nullable(),
  note: z.string(),
  createdAt: z.string(),
  /** an unpaid booking keeps its hours until then (null: paid, pay-after-test, or no longer booked) */
  holdUntil: z.string().nullable(),
});
export type Reservation = z.infer<typeof reservationView>;
export const SLOT_TAKEN_MESSAGE = '所选时段已被预约，请选择其他时段';

// ---- staff (/api/admin/orders) ----

/** the staff's order search is adminOrderSearchBody (admin-orders.ts) */
/** staff moves an order: confirm, receive (scan), test, deliver, complete, retest, cancel */
export const adminProgressBody = z.object({ order_no: orderNoField, note: optionalText('备注', 500) });
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
export const adminOrderView = orderSummaryView.extend({
  member: z.object({ rid: z.string(), name: z.string(), phone: z.string(), organization: z.number().int().nullable() }),
});
export type AdminOrder = z.infer<typeof adminOrderView>;
