import { z } from 'zod';
import { staffRole, StaffRole, type StaffRole as StaffRoleType } from '../accounts/schemas';
import { adminTableQuery } from '../admin-table';
import { emptyMessage, optionalText, requiredText } from '../common';
import { formatFen } from '../display';
import { parseYuan } from '../funds/schemas';

/**
 * Maker-checker (PRODUCT.md "Staff decisions and value"): every staff decision that creates or
 * releases value has per-role limits — one action, what one person books alone per lab day and
 * per month, and per target (one member's or community's account) per month. Above any of them
 * the action is not booked but filed as an approval request that a second staff member approves
 * (the exact request, once) or rejects. Calls under /api/admin/approvals; the limits are the
 * admin's (系统管理 → 审批额度).
 */

/**
 * What a limit is about: the face value of coupons, money refunded by cancelling a paid order, a
 * ledger adjustment, a transfer top-up confirmed (amount + bonus), a credit line granted, a raise
 * of the top-up bonus tiers, points awarded for a paper, and a sealed 报价单 sales give a member's
 * requirement (its total: the lab's seal commits it to those prices for 30 days).
 */
export const APPROVAL_KINDS = ['coupon', 'refund', 'adjustment', 'topup', 'credit', 'bonus', 'points', 'quote'] as const;
export type ApprovalKind = (typeof APPROVAL_KINDS)[number];
export const approvalKindLabels: Record<ApprovalKind, string> = {
  coupon: '优惠券',
  refund: '退款',
  adjustment: '调账',
  topup: '确认到账',
  credit: '信用额度',
  bonus: '预存赠送',
  points: '积分奖励',
  quote: '报价盖章',
};

/** What a kind's values and limits count: fen, or points (awards). */
export const approvalKindUnits: Record<ApprovalKind, 'fen' | 'points'> = {
  coupon: 'fen',
  refund: 'fen',
  adjustment: 'fen',
  topup: 'fen',
  credit: 'fen',
  bonus: 'fen',
  points: 'points',
  quote: 'fen',
};

/**
 * Kinds with no limit to set: every action of them that gives anything needs a second person,
 * whatever the role (admin too). A raise of the top-up bonus tiers pays out on every top-up
 * while it is live, so no one person may make one (docs/decisions/0010-value-one-person-cannot-create.md);
 * lowering or removing tiers gives nothing and is booked alone.
 */
export const APPROVAL_FIXED_KINDS: readonly ApprovalKind[] = ['bonus'];
export const isFixedKind = (kind: ApprovalKind) => APPROVAL_FIXED_KINDS.includes(kind);

/**
 * The roles that work with each kind — may act on it up to their limit and approve others'
 * requests up to the same limit (a fixed kind: any colleague of these roles). Admin always may,
 * whatever its own limit. Finance approves refunds (the lab's and sales' cancellations of paid
 * orders) but does not cancel orders.
 */
export const approvalKindRoles: Record<ApprovalKind, readonly StaffRoleType[]> = {
  coupon: [StaffRole.sales, StaffRole.finance],
  refund: [StaffRole.sales, StaffRole.lab, StaffRole.finance],
  adjustment: [StaffRole.finance],
  topup: [StaffRole.finance],
  credit: [StaffRole.finance],
  bonus: [StaffRole.finance],
  points: [StaffRole.sales],
  quote: [StaffRole.sales],
};

/** The actions that can be filed, each under one kind of limit. */
export const APPROVAL_ACTIONS = ['coupon.template', 'coupon.issue', 'order.cancel', 'account.adjust', 'prestore.confirm', 'credit.approve', 'prestore.rules', 'points.award', 'quote.seal'] as const;
export type ApprovalAction = (typeof APPROVAL_ACTIONS)[number];
export const approvalActionKinds: Record<ApprovalAction, ApprovalKind> = {
  'coupon.template': 'coupon',
  'coupon.issue': 'coupon',
  'order.cancel': 'refund',
  'account.adjust': 'adjustment',
  'prestore.confirm': 'topup',
  'credit.approve': 'credit',
  'prestore.rules': 'bonus',
  'points.award': 'points',
  'quote.seal': 'quote',
};
export const approvalActionLabels: Record<ApprovalAction, string> = {
  'coupon.template': '新建优惠券',
  'coupon.issue': '发放优惠券',
  'order.cancel': '取消已付款订单并退款',
  'account.adjust': '调整余额',
  'prestore.confirm': '确认预存到账',
  'credit.approve': '批准信用额度',
  'prestore.rules': '修改预存赠送规则',
  'points.award': '发放论文致谢积分',
  'quote.seal': '出具盖章报价单',
};

export const APPROVAL_STATUSES = ['pending', 'approved', 'rejected', 'withdrawn'] as const;
export type ApprovalStatus = (typeof APPROVAL_STATUSES)[number];
export const approvalStatusLabels: Record<ApprovalStatus, string> = { pending: '待审批', approved: '已通过', rejected: '已驳回', withdrawn: '已撤回' };

/**
 * Which limit a filed action went over: one action, what its maker booked alone this lab day or
 * this month, or this month for the same target (a member's or community's account).
 */
export const LIMIT_SCOPES = ['action', 'day', 'month', 'target'] as const;
export type LimitScope = (typeof LIMIT_SCOPES)[number];
export const limitScopeLabels: Record<LimitScope, string> = { action: '单笔上限', day: '每人每日合计上限', month: '每人每月合计上限', target: '同一客户每月合计上限' };

/** A count of points as a person reads it: 1,200 积分 */
const pointsText = (points: number) => `${points.toLocaleString('en-US')} 积分`;
/** An amount in a kind's unit (fen → ¥1,234.50; points → 1,200 积分). */
export const approvalAmountText = (value: number, kind?: ApprovalKind) => (kind && approvalKindUnits[kind] === 'points' ? pointsText(value) : formatFen(value));
/** A value or a limit as a person reads it; null is "no bound" (a limit: 不限; a value: 不封顶, e.g. a percent-off coupon). */
export const limitText = (fen: number | null, kind?: ApprovalKind) => (fen === null ? '不限' : approvalAmountText(fen, kind));
export const approvalValueText = (fen: number | null, kind?: ApprovalKind) => (fen === null ? '不封顶' : approvalAmountText(fen, kind));

/** Whether a limit covers a value (null limit: everything; null value: only a null limit). */
export const limitCovers = (limitFen: number | null, valueFen: number | null) => limitFen === null || (valueFen !== null && valueFen <= limitFen);

const fenOrUnbounded = z.number().int().nullable();

export const approvalLimit = z.object({
  role: staffRole,
  kind: z.enum(APPROVAL_KINDS),
  /** the most this role may book alone in one action, and approve; null: no limit (fen; points for points) */
  limitFen: fenOrUnbounded,
  /** the most one person of this role books alone per lab day (Asia/Shanghai), all actions of the kind together; null: no bound */
  dayLimitFen: fenOrUnbounded,
  /** … per calendar month on the lab's clock */
  monthLimitFen: fenOrUnbounded,
  /** … per month for one target (a member's or a community's account); null: no bound */
  targetLimitFen: fenOrUnbounded,
  /** false for a kind with no limit to set (every raise needs a second person: APPROVAL_FIXED_KINDS) */
  configurable: z.boolean(),
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
  /** the maker's own limit when filing, of the scope the action went over */
  makerLimitFen: fenOrUnbounded,
  /** which limit it went over: one action, the maker's day or month, or the month for this target */
  limitScope: z.enum(LIMIT_SCOPES),
  /** for a period or target limit: what the maker had already booked alone in it before this action */
  makerUsedFen: z.number().int().nullable(),
  /** why it was filed, in a sentence: 超出申请人单笔上限（¥500.00） / 申请人今日已独立办理¥4,000.00，加上本笔超出每人每日合计上限（¥5,000.00） */
  limitReason: z.string(),
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
/** The answer of an action that may be filed for approval (gated): what it booked, or the filed request. */
export const gatedView = <T extends z.ZodType>(booked: T) => z.union([booked, approvalFiled]);
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

/** A limit as typed (yuan text; points for points awards): '0' allowed (everything needs approval), blank = 不限. */
const limitInput = (label: string) =>
  z.preprocess((v) => (typeof v === 'number' && Number.isFinite(v) ? String(v) : v), z.string({ error: emptyMessage(label) })).meta({
    description: `${label}：以元为单位的金额文本（积分奖励为积分数），"0" 表示一律需要审批，空表示不限`,
  });

/** A limit's text → fen (or points), null for 不限, or the message of what is wrong with it. */
export function parseLimit(text: string, label: string, kind: ApprovalKind): number | null | { error: string } {
  const trimmed = text.trim();
  if (trimmed === '') return null;
  if (approvalKindUnits[kind] === 'points') {
    if (!/^\d{1,9}$/.test(trimmed.replace(/[,，]/g, ''))) return { error: `[${label}]须为不小于0的整数积分` };
    return Number(trimmed.replace(/[,，]/g, ''));
  }
  if (/^0+(\.0{0,2})?$/.test(trimmed)) return 0;
  const parsed = parseYuan(trimmed, label);
  return typeof parsed === 'string' ? { error: parsed } : parsed;
}

const limitFields = { limit: '单笔上限', day_limit: '每日合计上限', month_limit: '每月合计上限', target_limit: '同一客户每月合计上限' } as const;

/**
 * One role's limits for one kind. `limit` is required (as the screen always sends it); the
 * period limits may be left out, and are then kept as they are.
 */
export const approvalLimitBody = z
  .object({
    role: z.enum(Object.values(StaffRole) as [StaffRoleType, ...StaffRoleType[]], { error: '[角色]不正确' }),
    kind: z.enum(APPROVAL_KINDS, { error: '[类型]不正确' }),
    limit: limitInput(limitFields.limit),
    day_limit: limitInput(limitFields.day_limit).optional(),
    month_limit: limitInput(limitFields.month_limit).optional(),
    target_limit: limitInput(limitFields.target_limit).optional(),
  })
  .transform((v, ctx) => {
    if (v.role !== StaffRole.admin && !approvalKindRoles[v.kind].includes(v.role)) {
      ctx.addIssue({ code: 'custom', path: ['role'], message: '该角色不办理此类业务，无需设置额度' });
      return z.NEVER;
    }
    if (isFixedKind(v.kind)) {
      ctx.addIssue({ code: 'custom', path: ['kind'], message: `${approvalKindLabels[v.kind]}不设额度：每一次提高都须另一位同事审批` });
      return z.NEVER;
    }
    const parsed: Partial<Record<keyof typeof limitFields, number | null>> = {};
    for (const key of Object.keys(limitFields) as (keyof typeof limitFields)[]) {
      const text = v[key];
      if (text === undefined) continue;
      const value = parseLimit(text, limitFields[key], v.kind);
      if (value !== null && typeof value === 'object') {
        ctx.addIssue({ code: 'custom', path: [key], message: value.error });
        return z.NEVER;
      }
      parsed[key] = value;
    }
    return { role: v.role, kind: v.kind, limit: parsed.limit ?? null, dayLimit: parsed.day_limit, monthLimit: parsed.month_limit, targetLimit: parsed.target_limit };
  });
export type ApprovalLimitBody = z.infer<typeof approvalLimitBody>;
