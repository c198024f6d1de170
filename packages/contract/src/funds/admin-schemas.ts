import { z } from 'zod';
import { adminTableQuery, dateFilter } from '../admin-table';
import { emptyMessage, ID_MAX, optionalText, pageOf, pageQuery, requiredText, versionPin } from '../common';
import { isCalendarDate } from '../dates';
import type { WithdrawStatus } from '../growth/promotion-schemas';
import { adminDecisionFields, blankToUndefined, queueFilters, statusFilter, withoutPage } from './admin-fields';
import { adminMemberRefView } from './admin-queue-schemas';
import { couponTemplateView, memberCouponView } from './coupon-schemas';
import { CREDIT_STATUSES, creditApplicationView, type CreditStatus } from './credit-schemas';
import { optionalDate, rid } from './fields';
import type { InvoiceStatus, RedLetterStatus } from './invoice-schemas';
import type { PrestoreStatus } from './prestore-schemas';
import { ENTRY_TYPES, ledgerEntryView, OWNER_KINDS, type OwnerKind, yuanField } from './schemas';
import type { TransferStatus } from './transfer-schemas';

// ---- 信用额度 ----

export const adminCreditListBody = adminTableQuery(['createdAt']).extend({ status: statusFilter(CREDIT_STATUSES), ...queueFilters });
export type AdminCreditListBody = z.infer<typeof adminCreditListBody>;
export const adminCreditView = creditApplicationView.extend({
  ...adminDecisionFields,
  member: adminMemberRefView,
  organization: z.number(),
  organizationText: z.string(),
  contact: z.string().nullable(),
  /** the member's credit line now (0: none) */
  currentLimitFen: z.number(),
});
export type AdminCredit = z.infer<typeof adminCreditView>;

// ---- 资金账户 ----

export const adminAccountListBody = adminTableQuery(['balanceFen', 'updatedAt']).extend({
  owner_kind: z.preprocess(blankToUndefined, z.enum(OWNER_KINDS, { error: '[账户类型]不正确' }).optional()),
  keyword: optionalText('关键词', 50),
  /** '1': only accounts holding money */
  nonzero: z.preprocess(blankToUndefined, z.enum(['0', '1'], { error: '[仅看有余额]不正确' }).optional()),
});
export type AdminAccountListBody = z.infer<typeof adminAccountListBody>;

export const ownerKindLabels: Record<OwnerKind, string> = { member: '个人账户', community: '科研团体' };

/** A prepaid-funds account (预存款) of a member or a community. */
export const adminAccountView = z.object({
  id: z.number(),
  ownerKind: z.enum(OWNER_KINDS),
  /** the member's or the community's rid (what an adjustment names) */
  ownerRid: z.string(),
  /** the member's name (or nickname), or the community's name */
  ownerName: z.string(),
  /** the member's phone; for a community, its owner's */
  phone: z.string().nullable(),
  /** a community's owner (null for a member's own account) */
  communityOwner: z.object({ rid: z.string(), name: z.string(), phone: z.string() }).nullable(),
  balanceFen: z.number(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type AdminAccount = z.infer<typeof adminAccountView>;

const accountIdField = z.coerce.number({ error: emptyMessage('账户') }).int({ error: '[账户]不正确' }).positive({ error: '[账户]不正确' }).max(ID_MAX, { error: '[账户]不正确' });
const optionalEntryType = z.preprocess(blankToUndefined, z.enum(ENTRY_TYPES, { error: '[类型]不正确' }).optional());

/** An account's ledger (newest first), by type and Shanghai date range. */
export const adminLedgerBody = pageQuery.extend({ account_id: accountIdField, type: optionalEntryType, from: dateFilter('开始日期'), to: dateFilter('结束日期') });
export type AdminLedgerBody = z.infer<typeof adminLedgerBody>;
export const adminLedgerExportQuery = adminLedgerBody.omit(withoutPage);
export type AdminLedgerExportQuery = z.infer<typeof adminLedgerExportQuery>;

export const adminLedgerEntryView = ledgerEntryView.extend({
  actorKind: z.enum(['member', 'staff', 'system']),
  /** the staff member's name for staff entries (调账, 确认到账…) */
  actorName: z.string().nullable(),
});
export type AdminLedgerEntry = z.infer<typeof adminLedgerEntryView>;
export const adminLedgerView = pageOf(adminLedgerEntryView).extend({ account: adminAccountView });
export type AdminLedger = z.infer<typeof adminLedgerView>;
export const LEDGER_EXPORT_HEADERS = ['时间', '类型', '金额(元)', '余额(元)', '业务单号', '备注', '操作人'] as const;

// ---- members, for issuing a coupon ----

export const adminMemberLookupBody = z.object({ keyword: requiredText('手机号或姓名', 50) });
export const MEMBER_LOOKUP_LIMIT = 10;

// ---- coupons ----

export const adminCouponTemplateListBody = z.object({ status: z.preprocess(blankToUndefined, z.enum(['active', 'all'], { error: '[状态]不正确' }).default('active')) });
export const adminCouponTemplateRidBody = z.object({ rid: requiredText('优惠券', 40) });

/** A template as staff manage it: besides what members see, its stock, whether members may claim it, and whether it is still in use. */
export const adminCouponTemplateView = couponTemplateView.extend({
  /** members may claim it themselves (otherwise staff issue only) */
  open: z.boolean(),
  /** a new member gets one at registration (新用户券) */
  newMembers: z.boolean(),
  active: z.boolean(),
  totalStock: z.number().nullable(),
  claimedCount: z.number(),
  createdAt: z.string(),
});
export type AdminCouponTemplate = z.infer<typeof adminCouponTemplateView>;

export const adminIssuedCouponListBody = pageQuery.extend({
  template_rid: optionalText('优惠券', 40),
  keyword: optionalText('关键词', 50),
  /** staff: issued by staff; claimed: claimed by the member */
  source: z.preprocess(blankToUndefined, z.enum(['staff', 'claimed'], { error: '[来源]不正确' }).optional()),
});
export type AdminIssuedCouponListBody = z.infer<typeof adminIssuedCouponListBody>;
export const adminIssuedCouponView = memberCouponView.extend({
  member: adminMemberRefView,
  /** the staff member who issued it; null when the member claimed it */
  issuedBy: z.string().nullable(),
});
export type AdminIssuedCoupon = z.infer<typeof adminIssuedCouponView>;

// ---- the badge counts of the finance menu ----

export const financeQueueCountsView = z.object({
  prestore: z.number(),
  invoice: z.number(),
  /** issued invoices owing a 红冲 */
  invoiceRed: z.number(),
  transfer: z.number(),
  withdrawal: z.number(),
  credit: z.number(),
});
export type FinanceQueueCounts = z.infer<typeof financeQueueCountsView>;

/** The colour of a state's tag (antd's status colours). */
export type StatusTone = 'default' | 'processing' | 'success' | 'warning' | 'error';

/** Tone of each state's tag, so the queues colour alike. */
export const financeStatusTones = {
  prestore: { pending: 'processing', confirmed: 'success', refused: 'error', cancelled: 'default' } satisfies Record<PrestoreStatus, StatusTone>,
  transfer: { pending: 'processing', done: 'success', refused: 'error', cancelled: 'default' } satisfies Record<TransferStatus, StatusTone>,
  invoice: { pending: 'processing', issued: 'success', rejected: 'error', void: 'default' } satisfies Record<InvoiceStatus, StatusTone>,
  redLetter: { needed: 'warning', done: 'default' } satisfies Record<RedLetterStatus, StatusTone>,
  credit: { pending: 'processing', approved: 'success', refused: 'error', cancelled: 'default' } satisfies Record<CreditStatus, StatusTone>,
  withdrawal: { pending: 'processing', paid: 'success', refused: 'error', cancelled: 'default' } satisfies Record<WithdrawStatus, StatusTone>,
} as const;

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
    /** '1': a new member gets one at registration (新用户券) */
    new_members: z.preprocess((v) => (v === undefined || v === '' ? '0' : String(v)), z.enum(['0', '1'], { error: '[注册即发放]不正确' })),
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
