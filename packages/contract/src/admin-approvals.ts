import { z } from 'zod';
import { emptyMessage, formatFen, optionalText, requiredText } from './common';
import { adminTableQuery } from './admin';
import { StaffRole, staffRole, type StaffRole as StaffRoleType } from './auth';
import { parseYuan } from './funds';

/**
 * Maker-checker (PRODUCT.md "Staff decisions and value"): coupons, refunds and adjustments
 * have a per-role limit; above it the action is not booked but filed as an approval request
 * that a second staff member approves (the exact request, once) or rejects. Calls under
 * /api/admin/approvals; the limits are the admin's (系统管理 → 审批额度).
 */

/** What a limit is about: the face value of coupons, money refunded by cancelling a paid order, a ledger adjustment. */
export const APPROVAL_KINDS = ['coupon', 'refund', 'adjustment'] as const;
export type ApprovalKind = (typeof APPROVAL_KINDS)[number];
export const approvalKindLabels: Record<ApprovalKind, string> = { coupon: '优惠券', refund: '退款', adjustment: '调账' };

/**
 * The roles that work with each kind — may act on it up to their limit and approve others'
 * requests up to the same limit. Admin always may, whatever its own limit. Finance approves
 * refunds (the lab's and sales' cancellations of paid orders) but does not cancel orders.
 */
export const approvalKindRoles: Record<ApprovalKind, readonly StaffRoleType[]> = {
  coupon: [StaffRole.sales, StaffRole.finance],
  refund: [StaffRole.sales, StaffRole.lab, StaffRole.finance],
  adjustment: [StaffRole.finance],
};

/** The actions that can be filed, each under one kind of limit. */
export const APPROVAL_ACTIONS = ['coupon.template', 'coupon.issue', 'order.cancel', 'account.adjust'] as const;
export type ApprovalAction = (typeof APPROVAL_ACTIONS)[number];
export const approvalActionKinds: Record<ApprovalAction, ApprovalKind> = {
  'coupon.template': 'coupon',
  'coupon.issue': 'coupon',
  'order.cancel': 'refund',
  'account.adjust': 'adjustment',
};
export const approvalActionLabels: Record<ApprovalAction, string> = {
  'coupon.template': '新建优惠券',
  'coupon.issue': '发放优惠券',
  'order.cancel': '取消已付款订单并退款',
  'account.adjust': '调整余额',
};

export const APPROVAL_STATUSES = ['pending', 'approved', 'rejected', 'withdrawn'] as const;
export type ApprovalStatus = (typeof APPROVAL_STATUSES)[number];
export const approvalStatusLabels: Record<ApprovalStatus, string> = { pending: '待审批', approved: '已通过', rejected: '已驳回', withdrawn: '已撤回' };

/** A value or a limit as a person reads it; null is "no bound" (a limit: 不限; a value: 不封顶, e.g. a percent-off coupon). */
export const limitText = (fen: number | null) => (fen === null ? '不限' : formatFen(fen));
export const approvalValueText = (fen: number | null) => (fen === null ? '不封顶' : formatFen(fen));

/** Whether a limit covers a value (null limit: everything; null value: only a null limit). */
export const limitCovers = (limitFen: number | null, valueFen: number | null) => limitFen === null || (valueFen !== null && valueFen <= limitFen);

const fenOrUnbounded = z.number().int().nullable();

export const approvalLimit = z.object({
  role: staffRole,
  kind: z.enum(APPROVAL_KINDS),
  /** the most this role may book alone and approve; null: no limit */
  limitFen: fenOrUnbounded,
  updatedAt: z.string().nullable(),
  updatedBy: z.string().nullable(),
});
export type ApprovalLimit = z.infer<typeof approvalLimit>;

export const approvalPerson = z.object({ id: z.number().int(), name: z.string(), role: staffRole });
export type ApprovalPerson = z.infer<typeof approvalPerson>;

export const adminApproval = z.object({
  rid: z.string(),
  kind: z.enum(APPROVAL_KINDS),
  action: z.enum(APPROVAL_ACTIONS),
  actionText: z.string(),
  /** what will be booked, in words: 发放优惠券「…」给 张三 138…… */
  summary: z.string(),
  /** the object it is about (order number, member, template name) */
  target: z.string(),
  /** the value the limit was measured on, fen; null: unbounded */
  valueFen: fenOrUnbounded,
  /** the maker's own limit when filing */
  makerLimitFen: fenOrUnbounded,
  /** the maker's reason (an adjustment's or cancellation's), shown to the checker */
  note: z.string(),
  maker: approvalPerson,
  status: z.enum(APPROVAL_STATUSES),
  statusText: z.string(),
  checker: approvalPerson.nullable(),
  decidedAt: z.string().nullable(),
  /** why it was rejected or withdrawn */
  decisionReason: z.string().nullable(),
  /** what approval booked: the coupon, template, order or ledger reference */
  resultKey: z.string().nullable(),
  createdAt: z.string(),
  /** for the staff member asking: may approve now, and if not, why (null when they may) */
  canApprove: z.boolean(),
  cannotApproveReason: z.string().nullable(),
  /** a pending request of a kind the asker works with, not their own (rejecting books nothing, so no limit applies) */
  canReject: z.boolean(),
  /** the maker may withdraw their own pending request */
  canWithdraw: z.boolean(),
});
export type AdminApproval = z.infer<typeof adminApproval>;

/**
 * The answer of an action that was filed for approval instead of booked. A gated call's `data`
 * is `z.union([approvalFiled, <what it books>])`.
 */
export const approvalFiled = z.object({
  pendingApproval: adminApproval,
  /** the same sentence as the envelope's msg */
  message: z.string(),
});
export type ApprovalFiled = z.infer<typeof approvalFiled>;
export const isApprovalFiled = (data: unknown): data is ApprovalFiled =>
  typeof data === 'object' && data !== null && 'pendingApproval' in data && typeof (data as { pendingApproval: unknown }).pendingApproval === 'object';

const blank = (v: unknown) => (v === '' || v === null ? undefined : v);

export const approvalListBody = adminTableQuery(['createdAt']).extend({
  status: z.preprocess(blank, z.enum(APPROVAL_STATUSES, { error: '[状态]不正确' }).optional()),
  kind: z.preprocess(blank, z.enum(APPROVAL_KINDS, { error: '[类型]不正确' }).optional()),
  /** 'mine': filed by me; 'todo': pending ones I may approve */
  scope: z.preprocess(blank, z.enum(['mine', 'todo'], { error: '[范围]不正确' }).optional()),
});
export type ApprovalListBody = z.infer<typeof approvalListBody>;

const approvalRid = requiredText('审批单号', 40);
export const approvalRidBody = z.object({ rid: approvalRid });
export const approvalRejectBody = z.object({ rid: approvalRid, reason: requiredText('驳回原因', 200) });
export const approvalWithdrawBody = z.object({ rid: approvalRid, reason: optionalText('撤回原因', 200) });

/** The 待审批 badge: pending requests the asker may approve, and their own still pending. */
export const approvalCounts = z.object({ todo: z.number().int(), mine: z.number().int() });
export type ApprovalCounts = z.infer<typeof approvalCounts>;

/** A limit as typed: yuan text, '0' allowed (everything needs approval), blank = 不限. */
const limitField = z.preprocess(
  (v) => (typeof v === 'number' && Number.isFinite(v) ? String(v) : v),
  z
    .string({ error: emptyMessage('单笔上限') })
    .transform((text, ctx) => {
      const trimmed = text.trim();
      if (trimmed === '') return null;
      if (/^0+(\.0{0,2})?$/.test(trimmed)) return 0;
      const parsed = parseYuan(trimmed, '单笔上限');
      if (typeof parsed === 'string') {
        ctx.addIssue({ code: 'custom', message: parsed });
        return z.NEVER;
      }
      return parsed;
    })
    .meta({ description: '单笔上限：以元为单位的金额文本，"0" 表示一律需要审批，空表示不限' }),
);

export const approvalLimitBody = z
  .object({
    role: z.enum(Object.values(StaffRole) as [StaffRoleType, ...StaffRoleType[]], { error: '[角色]不正确' }),
    kind: z.enum(APPROVAL_KINDS, { error: '[类型]不正确' }),
    limit: limitField,
  })
  .superRefine((v, ctx) => {
    if (v.role !== StaffRole.admin && !approvalKindRoles[v.kind].includes(v.role)) ctx.addIssue({ code: 'custom', path: ['role'], message: '该角色不办理此类业务，无需设置额度' });
  });
export type ApprovalLimitBody = z.infer<typeof approvalLimitBody>;
