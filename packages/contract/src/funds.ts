import { z } from 'zod';
import { ID_MAX, emptyMessage, formatFen, optionalText, pageOf, pageQuery, phonePattern, requiredText, isCalendarDate, versionPin } from './common';

/**
 * Money: prepaid funds (预存), transfers between a member and a community they own, the
 * ledger's balance history, coupons, invoice titles and applications, and credit lines.
 * Every amount in a response is integer fen (`…Fen`); amounts a person types arrive as yuan
 * strings ('100.50') and are parsed exactly (never through a float) by `yuanField`.
 * Member calls are POSTs under /api/auth; staff calls under /api/admin/funds (finance).
 */

// ---- amounts ----

/** The largest single amount a form accepts: ¥10,000,000.00 */
export const MAX_AMOUNT_YUAN = 10_000_000;
export const MAX_AMOUNT_FEN = MAX_AMOUNT_YUAN * 100;

/**
 * '100.50' → 10050 exactly. Returns a message instead when the text is not an amount.
 * `signed` allows a leading minus (staff adjustments); zero is always refused.
 * A comma is read only as a thousands separator between groups of three digits ('1,005.50');
 * any other comma is refused, never dropped: '100,5' is a decimal comma or a typo, and reading
 * it as ¥1,005 would book ten times what the person meant. The way formatFen shows money
 * (`-¥1,234.50`) reads back as the same fen.
 */
export function parseYuan(input: string, label = '金额', options: { signed?: boolean; max?: number } = {}): number | string {
  const text = input.trim();
  if (text === '') return emptyMessage(label);
  const match = /^([+-]?)\s*[¥￥]?\s*(\d[\d,，]*)(?:\.(\d*))?$/.exec(text);
  if (!match) return `[${label}]格式不正确`;
  const [, sign, grouped = '0', decimals = ''] = match;
  if (/[,，]/.test(grouped) && !/^[1-9]\d{0,2}([,，]\d{3})+$/.test(grouped)) return `[${label}]格式不正确，逗号只能用作千位分隔符（如 1,005.50）`;
  const whole = grouped.replace(/[,，]/g, '');
  if (decimals.length > 2) return `[${label}]最多保留两位小数`;
  if (whole.length > 12) return `[${label}]不能超过${(options.max ?? MAX_AMOUNT_YUAN).toLocaleString('en-US')}元`;
  const fen = Number(whole) * 100 + Number(decimals.padEnd(2, '0'));
  if (fen === 0 || (sign === '-' && !options.signed)) return `[${label}]必须大于0`;
  if (fen > (options.max ?? MAX_AMOUNT_YUAN) * 100) return `[${label}]不能超过${(options.max ?? MAX_AMOUNT_YUAN).toLocaleString('en-US')}元`;
  return sign === '-' ? -fen : fen;
}

/** A yuan amount field ('100.50' or 100.5 from JSON) that becomes integer fen. */
export const yuanField = (label = '金额', options: { signed?: boolean; max?: number } = {}) =>
  z
    .preprocess((v) => (typeof v === 'number' && Number.isFinite(v) ? String(v) : v), z.string({ error: emptyMessage(label) }))
    .transform((value, ctx) => {
      const parsed = parseYuan(value, label, options);
      if (typeof parsed === 'string') {
        ctx.addIssue({ code: 'custom', message: parsed });
        return z.NEVER;
      }
      return parsed;
    })
    // the OpenAPI document describes the input side: a person's yuan text, not the fen it becomes
    .meta({ description: `${label}：以元为单位的金额文本（如 "100.50"，最多两位小数），服务器精确换算为整数分` });

/** fen → '100.50' (no symbol, no separators), for form fields and exports. */
export const fenToYuan = (fen: number) => {
  const sign = fen < 0 ? '-' : '';
  const abs = Math.abs(Math.trunc(fen));
  return `${sign}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
};
export { formatFen };

const rid = (label: string) => requiredText(label, 40);
/** a stored file's download (a receipt, an e-invoice) by the application's rid */
export const fileRidQuery = z.object({ rid: requiredText('单号', 40) });
const optionalEnum = <T extends readonly [string, ...string[]]>(values: T, label: string) =>
  z.preprocess((v) => (v === '' || v === null ? undefined : v), z.enum(values, { error: `[${label}]不正确` }).optional());
const optionalDate = (label: string) =>
  z.preprocess(
    (v) => (v === '' || v === null ? undefined : v),
    z.string().regex(/^\d{4}-\d{2}-\d{2}$/, { error: `[${label}]格式应为YYYY-MM-DD` }).refine(isCalendarDate, { error: `[${label}]不是有效日期` }).optional(),
  );

// ---- ledger ----

export const ACCOUNT_KINDS = ['prestore', 'rebate', 'points'] as const;
export type AccountKind = (typeof ACCOUNT_KINDS)[number];
export const OWNER_KINDS = ['member', 'community'] as const;
export type OwnerKind = (typeof OWNER_KINDS)[number];
export const ENTRY_TYPES = [
  'topup',
  'payment',
  'refund',
  'transfer_in',
  'transfer_out',
  'adjustment',
  'bonus',
  // online payment (docs/payments.md): money in from WeChat Pay / Alipay, money back out to the channel
  'online_pay',
  'online_refund',
  // rebate accounts (issue 7): released on completion, held by a withdrawal request, returned when it is refused or cancelled
  'rebate_release',
  'withdraw_hold',
  'withdraw_return',
  'rebate_to_prestore',
  // points accounts
  'points_earn',
  'points_reverse',
  'points_exchange',
  'points_transfer_in',
  'points_transfer_out',
  'points_award',
] as const;
export type EntryType = (typeof ENTRY_TYPES)[number];
/** the entry types of a prepaid-funds (预存款) account: the balance history's type filter */
export const PRESTORE_ENTRY_TYPES = ['topup', 'payment', 'refund', 'transfer_in', 'transfer_out', 'adjustment', 'bonus', 'rebate_to_prestore', 'online_pay', 'online_refund'] as const satisfies readonly EntryType[];
export const entryTypeLabels: Record<EntryType, string> = {
  topup: '预存充值',
  payment: '订单支付',
  refund: '订单退款',
  transfer_in: '转入',
  transfer_out: '转出',
  adjustment: '余额调整',
  bonus: '预存赠送',
  online_pay: '在线支付',
  online_refund: '原路退款',
  rebate_release: '返利解冻',
  withdraw_hold: '提现申请',
  withdraw_return: '提现退回',
  rebate_to_prestore: '返利转入',
  points_earn: '订单积分',
  points_reverse: '退款扣回',
  points_exchange: '积分兑换',
  points_transfer_in: '积分转入',
  points_transfer_out: '积分转出',
  points_award: '奖励积分',
};

export const BALANCE_TOO_LOW_MESSAGE = '预存款余额不足';

/** One line of the balance history (余额明细). */
export const ledgerEntryView = z.object({
  id: z.number(),
  type: z.enum(ENTRY_TYPES),
  typeText: z.string(),
  /** signed: + money in, − money out */
  amountFen: z.number(),
  /** the balance right after this entry */
  balanceAfterFen: z.number(),
  reference: z.string(),
  note: z.string(),
  createdAt: z.string(),
});
export type LedgerEntry = z.infer<typeof ledgerEntryView>;

/** prestore/balanceHistory (and the export's query): the member's own account, or a community they own. */
export const balanceHistoryBody = pageQuery.extend({
  community_rid: optionalText('团体编号', 40),
  type: optionalEnum(ENTRY_TYPES, '类型'),
  from: optionalDate('开始日期'),
  to: optionalDate('结束日期'),
});
export type BalanceHistoryBody = z.infer<typeof balanceHistoryBody>;
/** prestore/balanceHistory: a page of the history and the account's balance now */
export const balanceHistoryView = pageOf(ledgerEntryView).extend({ balanceFen: z.number() });
export type BalanceHistory = z.infer<typeof balanceHistoryView>;
export const balanceExportQuery = balanceHistoryBody.extend({
  format: z.preprocess((v) => (v === '' || v === undefined ? 'xlsx' : v), z.enum(['xlsx', 'csv'], { error: '[导出格式]不正确' })),
});
export type BalanceExportQuery = z.infer<typeof balanceExportQuery>;
/** the export's columns (Chinese headers, as finance reads them) */
export const BALANCE_EXPORT_HEADERS = ['时间', '类型', '金额(元)', '余额(元)', '业务单号', '备注'] as const;

// ---- prestore (预存) ----

/** The lab's account for 对公转账, shown with every top-up. */
export const bankAccountView = z.object({
  accountName: z.string(),
  bankName: z.string(),
  accountNo: z.string(),
});
export type BankAccount = z.infer<typeof bankAccountView>;

export const prestoreRuleView = z.object({
  id: z.number(),
  /** a top-up of at least this much… */
  thresholdFen: z.number(),
  /** …earns this share as a bonus (basis points: 300 = 3%) */
  bonusRateBp: z.number(),
  /** …or this fixed bonus */
  bonusFen: z.number(),
  /** e.g. 满 ¥10,000.00 赠 3% */
  text: z.string(),
});
export type PrestoreRule = z.infer<typeof prestoreRuleView>;

/** prestore/rule and prestoreApply/readyPayNum */
export const prestoreRulesView = z.object({
  rules: z.array(prestoreRuleView),
  bank: bankAccountView,
  minAmountFen: z.number(),
  /** transfers between a member and a community above this need staff approval */
  transferApprovalFen: z.number(),
});
export type PrestoreRules = z.infer<typeof prestoreRulesView>;

/** POST /api/auth/prestoreApply/readyPayNum — the rules, the bank account and, given an amount, its bonus. */
export const prestoreReadyBody = z.object({ amount: yuanField('预存金额').optional() });
export const prestoreReadyView = prestoreRulesView.extend({ amountFen: z.number().nullable(), bonusFen: z.number().nullable() });
export type PrestoreReady = z.infer<typeof prestoreReadyView>;

export const PRESTORE_STATUSES = ['pending', 'confirmed', 'refused', 'cancelled'] as const;
export type PrestoreStatus = (typeof PRESTORE_STATUSES)[number];
export const prestoreStatusLabels: Record<PrestoreStatus, string> = {
  pending: '待确认到账',
  confirmed: '已到账',
  refused: '已驳回',
  cancelled: '已取消',
};

/** POST /api/auth/prestoreApply/add — amount in yuan; optional remark and payer (the transferring account's name). */
export const prestoreAddBody = z.object({
  amount: yuanField('预存金额'),
  payer: optionalText('付款户名', 100),
  remark: optionalText('备注', 200),
  /** top up a community the member owns instead of their own account */
  community_rid: optionalText('团体编号', 40),
});
export type PrestoreAddBody = z.infer<typeof prestoreAddBody>;
export const prestoreEditBody = prestoreAddBody.omit({ community_rid: true }).extend({ rid: rid('预存单号') });
export type PrestoreEditBody = z.infer<typeof prestoreEditBody>;
export const prestoreRidBody = z.object({ rid: rid('预存单号') });
export const prestoreListBody = pageQuery.extend({ status: optionalEnum(PRESTORE_STATUSES, '状态') });
export type PrestoreListBody = z.infer<typeof prestoreListBody>;

const communityRef = z.object({ rid: z.string(), name: z.string() });

export const prestoreApplicationView = z.object({
  rid: z.string(),
  /** the number to write in the transfer's remark */
  applyNo: z.string(),
  amountFen: z.number(),
  bonusFen: z.number(),
  status: z.enum(PRESTORE_STATUSES),
  statusText: z.string(),
  payer: z.string(),
  remark: z.string(),
  /** the community topped up, when not the member's own account */
  community: communityRef.nullable(),
  hasReceipt: z.boolean(),
  refuseReason: z.string().nullable(),
  /** the amount an invoice application still may cover (confirmed and not yet invoiced) */
  invoiceable: z.boolean(),
  createdAt: z.string(),
  confirmedAt: z.string().nullable(),
});
export type PrestoreApplication = z.infer<typeof prestoreApplicationView>;

/** Receipt upload (multipart, field `rid` + one file): png, jpeg or pdf, at most 10 MB. */
export const RECEIPT_MAX_BYTES = 10 * 1024 * 1024;

// ---- transfers between a member and their community ----

export const TRANSFER_DIRECTIONS = ['toCommunity', 'toMember'] as const;
export type TransferDirection = (typeof TRANSFER_DIRECTIONS)[number];
export const TRANSFER_STATUSES = ['pending', 'done', 'refused', 'cancelled'] as const;
export type TransferStatus = (typeof TRANSFER_STATUSES)[number];
export const transferStatusLabels: Record<TransferStatus, string> = { pending: '待审核', done: '已完成', refused: '已驳回', cancelled: '已取消' };

/** POST /api/auth/transferApply/add — toCommunity: own funds into a community you own; toMember: back. */
export const transferAddBody = z.object({
  community_rid: rid('科研团体'),
  direction: z.enum(TRANSFER_DIRECTIONS, { error: '[转账方向]不正确' }),
  amount: yuanField('转账金额'),
  remark: optionalText('备注', 200),
});
export type TransferAddBody = z.infer<typeof transferAddBody>;
export const transferRidBody = z.object({ rid: rid('转账单号') });
export const transferListBody = pageQuery.extend({ status: optionalEnum(TRANSFER_STATUSES, '状态') });
export type TransferListBody = z.infer<typeof transferListBody>;

export const transferApplicationView = z.object({
  rid: z.string(),
  direction: z.enum(TRANSFER_DIRECTIONS),
  community: communityRef,
  amountFen: z.number(),
  status: z.enum(TRANSFER_STATUSES),
  statusText: z.string(),
  remark: z.string(),
  refuseReason: z.string().nullable(),
  createdAt: z.string(),
  doneAt: z.string().nullable(),
});
export type TransferApplication = z.infer<typeof transferApplicationView>;

// ---- asset overview ----

/** asset/init and asset/detail */
export const assetOverviewView = z.object({
  prestoreFen: z.number(),
  communities: z.array(communityRef.extend({ balanceFen: z.number() })),
  couponNum: z.number(),
  /** promotion-partner rebates (a later issue) */
  rebateFrozenFen: z.number(),
  rebateWithdrawableFen: z.number(),
  points: z.number(),
  /** confirmed top-ups not yet covered by an invoice application */
  invoiceableFen: z.number(),
  creditLimitFen: z.number(),
});
export type AssetOverview = z.infer<typeof assetOverviewView>;
/** asset/detail: the overview and the latest ten lines of the balance history */
export const assetDetailView = assetOverviewView.extend({ recent: z.array(ledgerEntryView) });
export type AssetDetail = z.infer<typeof assetDetailView>;
/** asset/all4num — badges of the member centre */
export const assetCountsView = z.object({
  couponNum: z.number(),
  prestorePending: z.number(),
  transferPending: z.number(),
  invoicePending: z.number(),
});
export type AssetCounts = z.infer<typeof assetCountsView>;

// ---- coupons ----

export const couponScopeView = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('all') }),
  z.object({ kind: z.literal('types'), ids: z.array(z.number()) }),
  z.object({ kind: z.literal('groups'), ids: z.array(z.number()) }),
]);
export type CouponScope = z.infer<typeof couponScopeView>;
export const COUPON_STATUSES = ['unused', 'used', 'expired'] as const;
export type CouponStatus = (typeof COUPON_STATUSES)[number];
export const couponStatusLabels: Record<CouponStatus, string> = { unused: '可使用', used: '已使用', expired: '已过期' };

export const couponTemplateView = z.object({
  rid: z.string(),
  name: z.string(),
  /** a fixed discount… */
  amountFen: z.number().nullable(),
  /** …or a share off (basis points: 1000 = 10% off, 9折) */
  offRateBp: z.number().nullable(),
  thresholdFen: z.number(),
  scope: couponScopeView,
  scopeText: z.string(),
  /** fixed validity, or `validDays` after claiming */
  validFrom: z.string().nullable(),
  validTo: z.string().nullable(),
  validDays: z.number().nullable(),
  perMemberLimit: z.number(),
  /** null: unlimited */
  remaining: z.number().nullable(),
  /** how many this member holds already */
  claimedByMe: z.number(),
  claimable: z.boolean(),
  description: z.string(),
});
export type CouponTemplate = z.infer<typeof couponTemplateView>;

/** promotion/all4user: the live coupon events */
export const promotionView = z.object({ id: z.string(), title: z.string(), description: z.string(), coupons: z.array(couponTemplateView) });
export type Promotion = z.infer<typeof promotionView>;

export const memberCouponView = z.object({
  rid: z.string(),
  name: z.string(),
  amountFen: z.number().nullable(),
  offRateBp: z.number().nullable(),
  thresholdFen: z.number(),
  scope: couponScopeView,
  scopeText: z.string(),
  status: z.enum(COUPON_STATUSES),
  statusText: z.string(),
  validFrom: z.string(),
  validTo: z.string(),
  usedAt: z.string().nullable(),
  claimedAt: z.string(),
});
export type MemberCoupon = z.infer<typeof memberCouponView>;

/** discount4user/add — claim a template */
export const couponClaimBody = z.object({ rid: rid('优惠券') });
/** discount4user/all — my coupons by status */
export const couponListBody = pageQuery.extend({ status: optionalEnum(COUPON_STATUSES, '状态') });
export type CouponListBody = z.infer<typeof couponListBody>;

// ---- invoices ----

/** spec: 0 none, 1 VAT ordinary e-invoice, 3 VAT special e-invoice, 2 ordinary paper, 4 special paper */
export const InvoiceType = { none: 0, ordinaryElectronic: 1, ordinaryPaper: 2, specialElectronic: 3, specialPaper: 4 } as const;
export const invoiceTypeLabels: Record<number, string> = {
  0: '不开发票',
  1: '增值税普通电子发票',
  3: '增值税专用电子发票',
  2: '普通纸质发票',
  4: '专用纸质发票',
};
export const isSpecialInvoice = (type: number) => type === 3 || type === 4;
export const isElectronicInvoice = (type: number) => type === 1 || type === 3;
export const SPECIAL_INVOICE_NEEDS_UNIT = '增值税专用发票须使用单位抬头，并填写完整的税号、开户银行、银行账号、注册地址和电话';

export const INVOICE_TITLE_KINDS = ['personal', 'unit'] as const;
export type InvoiceTitleKind = (typeof INVOICE_TITLE_KINDS)[number];
export const MAX_INVOICE_TITLES = 20;

const emailField = (label: string) =>
  optionalText(label, 100).refine((v) => v === undefined || /^[^\s@]+@[^\s@]+\.[^\s@]{2,}$/.test(v), { error: `[${label}]格式不正确` });

/** invoice/add — a title (抬头): personal or unit; a unit needs its tax number. */
export const invoiceTitleAddBody = z
  .object({
    kind: z.enum(INVOICE_TITLE_KINDS, { error: '[抬头类型]不正确' }),
    title: requiredText('发票抬头', 100),
    tax_no: optionalText('税号', 30),
    bank: optionalText('开户银行', 100),
    bank_account: optionalText('银行账号', 40),
    address: optionalText('注册地址', 200),
    phone: optionalText('注册电话', 30),
    email: emailField('接收邮箱'),
    default: z.preprocess((v) => (v === '' || v === undefined || v === null ? undefined : String(v)), z.enum(['0', '1'], { error: '[默认抬头]不正确' }).optional()),
  })
  .superRefine((value, ctx) => {
    if (value.kind === 'unit' && !value.tax_no) ctx.addIssue({ code: 'custom', path: ['tax_no'], message: emptyMessage('税号') });
    if (value.tax_no && !/^[0-9A-Z]{15,20}$/.test(value.tax_no)) ctx.addIssue({ code: 'custom', path: ['tax_no'], message: '[税号]格式不正确' });
  });
export type InvoiceTitleAddBody = z.infer<typeof invoiceTitleAddBody>;
export const invoiceTitleEditBody = z.intersection(invoiceTitleAddBody, z.object({ rid: rid('抬头编号') }));
export type InvoiceTitleEditBody = z.infer<typeof invoiceTitleEditBody>;
export const invoiceTitleRidBody = z.object({ rid: rid('抬头编号') });

export const invoiceTitleView = z.object({
  rid: z.string(),
  kind: z.enum(INVOICE_TITLE_KINDS),
  title: z.string(),
  tax_no: z.string().nullable(),
  bank: z.string().nullable(),
  bank_account: z.string().nullable(),
  address: z.string().nullable(),
  phone: z.string().nullable(),
  email: z.string().nullable(),
  default: z.union([z.literal(0), z.literal(1)]),
  /** complete enough for a special (专用) invoice */
  specialReady: z.boolean(),
});
export type InvoiceTitle = z.infer<typeof invoiceTitleView>;

/** void: every fen the application covered was refunded before it was issued (the reason in rejectReason) */
export const INVOICE_STATUSES = ['pending', 'issued', 'rejected', 'void'] as const;
export type InvoiceStatus = (typeof INVOICE_STATUSES)[number];
export const invoiceStatusLabels: Record<InvoiceStatus, string> = { pending: '待开票', issued: '已开票', rejected: '已驳回', void: '已作废' };

/** 红冲 of an issued invoice whose money was refunded: needed until finance records the red-letter invoice. */
export const RED_LETTER_STATUSES = ['needed', 'done'] as const;
export type RedLetterStatus = (typeof RED_LETTER_STATUSES)[number];
export const redLetterStatusLabels: Record<RedLetterStatus, string> = { needed: '待红冲', done: '已红冲' };
export const redLetterView = z.object({
  status: z.enum(RED_LETTER_STATUSES),
  statusText: z.string(),
  /** the refunded amount the red-letter invoice corrects */
  amountFen: z.number(),
  /** what was refunded: 订单 KY… 已取消，退款 ¥… */
  reason: z.string(),
  /** the red-letter invoice (红字发票) once recorded */
  redInvoiceNo: z.string().nullable(),
  redIssuedOn: z.string().nullable(),
  createdAt: z.string(),
});
export type RedLetter = z.infer<typeof redLetterView>;


/** a list that may be left out: none */
const optionalRidList = (label: string) =>
  z.preprocess(
    (v) => (v === undefined || v === null || v === '' ? [] : typeof v === 'string' ? v.split(',').map((s) => s.trim()).filter(Boolean) : v),
    z.array(z.string().trim().min(1).max(40), { error: `[${label}]不正确` }).max(100, { error: `[${label}]一次最多100笔` }),
  );

/**
 * invoiceApply/add — one invoice for confirmed top-ups (prestore rids, comma separated or an
 * array); orders join with the ordering issue. Type 1–4; the title by rid; paper invoices
 * need a mailing address (receiver, phone, address); e-invoices an e-mail.
 */
export const invoiceApplyAddBody = z
  .object({
    type: z.coerce.number({ error: emptyMessage('发票类型') }).pipe(z.union([z.literal(1), z.literal(2), z.literal(3), z.literal(4)], { error: '[发票类型]不正确' })),
    title_rid: rid('发票抬头'),
    prestore_rids: optionalRidList('开票预存单'),
    /** orders paid online (their online part; docs/payments.md "What finance reconciles") */
    order_nos: optionalRidList('开票订单'),
    /** online top-ups (支付单号): prepayments, as a confirmed transfer top-up */
    payment_nos: optionalRidList('在线充值'),
    email: emailField('接收邮箱'),
    receiver: optionalText('收件人', 30),
    receiver_phone: optionalText('收件电话', 11).refine((v) => v === undefined || phonePattern.test(v), { error: '[收件电话]格式不正确' }),
    receiver_address: optionalText('邮寄地址', 200),
    remark: optionalText('备注', 200),
  })
  .superRefine((value, ctx) => {
    if (value.prestore_rids.length + value.order_nos.length + value.payment_nos.length === 0) ctx.addIssue({ code: 'custom', path: ['prestore_rids'], message: emptyMessage('开票预存单') });
    if (value.type === 2 || value.type === 4) {
      if (!value.receiver) ctx.addIssue({ code: 'custom', path: ['receiver'], message: emptyMessage('收件人') });
      else if (!value.receiver_phone) ctx.addIssue({ code: 'custom', path: ['receiver_phone'], message: emptyMessage('收件电话') });
      else if (!value.receiver_address) ctx.addIssue({ code: 'custom', path: ['receiver_address'], message: emptyMessage('邮寄地址') });
    }
  });
export type InvoiceApplyAddBody = z.infer<typeof invoiceApplyAddBody>;
export const invoiceApplyEditBody = z.intersection(invoiceApplyAddBody, z.object({ rid: rid('开票申请') }));
export type InvoiceApplyEditBody = z.infer<typeof invoiceApplyEditBody>;
export const invoiceApplyRidBody = z.object({ rid: rid('开票申请') });
export const invoiceApplyListBody = pageQuery.extend({ status: optionalEnum(INVOICE_STATUSES, '状态') });
export type InvoiceApplyListBody = z.infer<typeof invoiceApplyListBody>;

export const invoiceApplicationView = z.object({
  rid: z.string(),
  type: z.number(),
  typeText: z.string(),
  title: invoiceTitleView.omit({ rid: true, default: true, specialReady: true }),
  amountFen: z.number(),
  /**
   * prestore: a confirmed transfer top-up (rid); online: an online top-up (支付单号); order: an order paid online, its online part (订单编号).
   * refunded: the money went back (the order cancelled): it left a pending application, or an issued one owes its 红冲
   */
  items: z.array(z.object({ kind: z.enum(['prestore', 'order', 'online']), ref: z.string(), amountFen: z.number(), refunded: z.boolean() })),
  email: z.string().nullable(),
  receiver: z.string().nullable(),
  receiverPhone: z.string().nullable(),
  receiverAddress: z.string().nullable(),
  remark: z.string(),
  status: z.enum(INVOICE_STATUSES),
  statusText: z.string(),
  invoiceNo: z.string().nullable(),
  issuedOn: z.string().nullable(),
  hasFile: z.boolean(),
  rejectReason: z.string().nullable(),
  /** the 红冲 an issued invoice owes or has had, oldest first (empty: none) */
  redLetters: z.array(redLetterView),
  createdAt: z.string(),
});
export type InvoiceApplication = z.infer<typeof invoiceApplicationView>;

/** invoiceApply/onlineSources: online money the member may still invoice (not on a live application) */
export const invoiceOnlineSourceView = z.object({
  kind: z.enum(['order', 'online']),
  /** 订单编号 (order) or 支付单号 (online top-up) */
  ref: z.string(),
  title: z.string(),
  channel: z.string(),
  amountFen: z.number().int(),
  paidAt: z.string(),
});
export type InvoiceOnlineSource = z.infer<typeof invoiceOnlineSourceView>;

// ---- credit (pay after test) ----

export const CREDIT_STATUSES = ['pending', 'approved', 'refused', 'cancelled'] as const;
export type CreditStatus = (typeof CREDIT_STATUSES)[number];
export const creditStatusLabels: Record<CreditStatus, string> = { pending: '审核中', approved: '已通过', refused: '未通过', cancelled: '已取消' };
export const CREDIT_ONLY_TEACHER_OR_ENTERPRISE = '只有认证为老师或企业的用户可以申请信用额度';

/** creditApply/operate — action apply (limit, reason) or cancel (rid). */
export const creditOperateBody = z.discriminatedUnion(
  'action',
  [
    z.object({ action: z.literal('apply'), limit: yuanField('申请额度'), reason: requiredText('申请说明', 500), contact: optionalText('联系人', 30) }),
    z.object({ action: z.literal('cancel'), rid: rid('申请编号') }),
  ],
  { error: '[操作]不正确' },
);
export type CreditOperateBody = z.infer<typeof creditOperateBody>;

export const creditApplicationView = z.object({
  rid: z.string(),
  requestedFen: z.number(),
  approvedFen: z.number().nullable(),
  reason: z.string(),
  status: z.enum(CREDIT_STATUSES),
  statusText: z.string(),
  decisionNote: z.string().nullable(),
  createdAt: z.string(),
  decidedAt: z.string().nullable(),
});
export type CreditApplication = z.infer<typeof creditApplicationView>;
export const creditInfoView = z.object({
  /** 0: no credit line */
  limitFen: z.number(),
  applications: z.array(creditApplicationView),
});
export type CreditInfo = z.infer<typeof creditInfoView>;

// ---- staff (/api/admin/funds/…, finance) ----

export const adminListBody = pageQuery.extend({ status: z.string().trim().max(20).optional() });
export type AdminListBody = z.infer<typeof adminListBody>;
// every decision on an application pins its version (versionPin): it books only what the staff member saw
export const adminPrestoreConfirmBody = z.object({ rid: rid('预存单号'), version: versionPin, note: optionalText('备注', 200) });
export const adminRefuseBody = z.object({ rid: rid('单号'), version: versionPin, reason: requiredText('驳回原因', 200) });
export const adminTransferDecideBody = z.object({ rid: rid('转账单号'), version: versionPin });
export const adminAdjustBody = z.object({
  owner_kind: z.enum(OWNER_KINDS, { error: '[账户类型]不正确' }),
  owner_rid: rid('账户'),
  amount: yuanField('调整金额', { signed: true }),
  reason: requiredText('调整原因', 200),
  /** an id for this request, so a retried click books once */
  request_id: optionalText('请求编号', 60),
});
export type AdminAdjustBody = z.infer<typeof adminAdjustBody>;
export const adminInvoiceIssueBody = z.object({
  rid: rid('开票申请'),
  version: versionPin,
  invoice_no: requiredText('发票号码', 40),
  issued_on: z.string({ error: emptyMessage('开票日期') }).regex(/^\d{4}-\d{2}-\d{2}$/, { error: '[开票日期]格式应为YYYY-MM-DD' }).refine(isCalendarDate, { error: '[开票日期]不是有效日期' }),
});
export const adminCreditApproveBody = z.object({ rid: rid('申请编号'), version: versionPin, limit: yuanField('授信额度'), note: optionalText('备注', 200) });
export const adminCouponIssueBody = z.object({ rid: rid('优惠券'), member_rid: rid('用户') });
const optionalInt = (label: string, min: number, max: number) =>
  z.preprocess(
    (v) => (v === '' || v === null ? undefined : v),
    z.coerce.number({ error: `[${label}]必须是数字` }).int({ error: `[${label}]必须是整数` }).min(min, { error: `[${label}]不能小于${min}` }).max(max, { error: `[${label}]不能超过${max}` }).optional(),
  );
const idList = z.preprocess(
  (v) => (typeof v === 'string' ? v.split(',').map((s) => s.trim()).filter(Boolean).map(Number) : v),
  z.array(z.number().int().positive().max(ID_MAX), { error: '[适用范围]不正确' }).optional(),
);
/**
 * Staff: a new coupon template. Either an amount (yuan) or a discount in percent off (10 = 9折);
 * validity days after claiming, or a fixed from/to (Shanghai dates); scope all | types | groups with ids.
 */
export const adminCouponTemplateBody = z
  .object({
    name: requiredText('优惠券名称', 50),
    description: optionalText('说明', 200),
    amount: z.preprocess((v) => (v === '' || v === null ? undefined : v), yuanField('优惠金额').optional()),
    percent_off: optionalInt('折扣比例', 1, 99),
    /** empty: no threshold */
    threshold: z.preprocess((v) => (v === '' || v === null ? undefined : v), yuanField('使用门槛').optional()),
    valid_days: optionalInt('有效天数', 1, 3650),
    valid_from: optionalDate('开始日期'),
    valid_to: optionalDate('结束日期'),
    scope: z.preprocess((v) => (v === '' || v === undefined ? 'all' : v), z.enum(['all', 'types', 'groups'], { error: '[适用范围]不正确' })),
    scope_ids: idList,
    total_stock: optionalInt('发放总量', 1, 10_000_000),
    per_member_limit: z.preprocess((v) => (v === '' || v === undefined ? 1 : v), z.coerce.number({ error: '[每人限领]必须是数字' }).int({ error: '[每人限领]必须是整数' }).min(1, { error: '[每人限领]不能小于1' }).max(100, { error: '[每人限领]不能超过100' })),
    claimable: z.preprocess((v) => (v === undefined || v === '' ? '1' : String(v)), z.enum(['0', '1'], { error: '[允许领取]不正确' })),
  })
  .superRefine((v, ctx) => {
    if ((v.amount === undefined) === (v.percent_off === undefined)) ctx.addIssue({ code: 'custom', path: ['amount'], message: '[优惠金额]与[折扣比例]请填写其中一项' });
    else if (!v.valid_days && !(v.valid_from && v.valid_to)) ctx.addIssue({ code: 'custom', path: ['valid_days'], message: '请填写[有效天数]或完整的有效期' });
    else if (v.valid_from && v.valid_to && v.valid_from > v.valid_to) ctx.addIssue({ code: 'custom', path: ['valid_to'], message: '[结束日期]不能早于开始日期' });
    else if (v.scope !== 'all' && !v.scope_ids?.length) ctx.addIssue({ code: 'custom', path: ['scope_ids'], message: '[适用范围]不能为空' });
  });
export type AdminCouponTemplateBody = z.infer<typeof adminCouponTemplateBody>;
export const adminPrestoreRulesBody = z.object({
  /** JSON array of { threshold (yuan), rate (percent, e.g. 3 or 2.5) } */
  rules: z.preprocess(
    (v) => {
      if (typeof v !== 'string') return v;
      try {
        return JSON.parse(v) as unknown;
      } catch {
        return v;
      }
    },
    z
      .array(z.object({ threshold: yuanField('起赠金额'), rate: z.coerce.number({ error: '[赠送比例]必须是数字' }).min(0, { error: '[赠送比例]不能小于0' }).max(100, { error: '[赠送比例]不能超过100' }) }), { error: '[预存规则]格式不正确' })
      .max(20, { error: '[预存规则]最多20档' }),
  ),
});
export type AdminPrestoreRulesBody = z.infer<typeof adminPrestoreRulesBody>;

/** A person-readable rule: 满 ¥10,000.00 赠 3% */
export function prestoreRuleText(rule: { thresholdFen: number; bonusRateBp: number; bonusFen: number }): string {
  const gift = rule.bonusFen > 0 ? formatFen(rule.bonusFen) : `${rule.bonusRateBp / 100}%`;
  return `满 ${formatFen(rule.thresholdFen)} 赠 ${gift}`;
}

/** The tier a top-up reaches: the one with the highest threshold at or below the amount (none: no bonus). */
export function prestoreBonusTier<T extends { thresholdFen: number }>(amountFen: number, rules: readonly T[]): T | undefined {
  let best: T | undefined;
  for (const rule of rules) if (amountFen >= rule.thresholdFen && (!best || rule.thresholdFen > best.thresholdFen)) best = rule;
  return best;
}

/** The bonus a top-up earns: the highest tier it reaches (rate rounded down to the fen, plus any fixed bonus). */
export function prestoreBonusFen(amountFen: number, rules: readonly { thresholdFen: number; bonusRateBp: number; bonusFen: number }[]): number {
  const best = prestoreBonusTier(amountFen, rules);
  if (!best) return 0;
  return Math.floor((amountFen * best.bonusRateBp) / 10_000) + best.bonusFen;
}

/** The discount a coupon gives on an order amount (never more than the amount). */
export function couponDiscountFen(coupon: { amountFen: number | null; offRateBp: number | null }, orderFen: number): number {
  const raw = coupon.amountFen ?? Math.floor((orderFen * (coupon.offRateBp ?? 0)) / 10_000);
  return Math.max(0, Math.min(raw, orderFen));
}

/** The money figures web/home/data (the member centre) adds to `MemberHomeData`. */
export const memberFundsFigures = z.object({
  /** the member's own prepaid balance */
  prestoreFen: z.number().int(),
  /** coupons usable now */
  couponNum: z.number().int(),
});
export type MemberFundsFigures = z.infer<typeof memberFundsFigures>;
