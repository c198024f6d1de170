import { z } from 'zod';
import { adminTableQuery, dateFilter } from '../admin-table';
import { ID_MAX, optionalText, pageOf, pageQuery } from '../common';
import { ledgerEntryView } from '../funds/schemas';
import { partnerStatuses } from '../growth/promotion-schemas';
import { paymentStatuses, progressStatuses } from '../orders/schemas';
import { blankToUndefined, optionalEnum, requiredFlag, requiredInt, rid } from './admin-fields';
import { communityRoles, membershipStatuses } from './community-schemas';
import { addressEntity, memberProfile } from './schemas';

/**
 * Customers in the back office (客户服务, sales; the member pages also finance): members
 * and their detail, the reviews of attestations (资料认证) and research communities
 * (科研团体), and the staff views of partners, points, requirements and contracts whose
 * calls live with their modules (/api/admin/growth, /api/admin/demand, /api/admin/contract).
 */

// ---- labels ----

/** The attestation review (member_profiles.review_status): none until the first submission. */
export const attestationReviewStatuses = ['none', 'pending', 'approved', 'refused'] as const;
export type AttestationReviewStatus = (typeof attestationReviewStatuses)[number];
export const attestationReviewLabels: Record<AttestationReviewStatus, string> = { none: '未提交', pending: '待审核', approved: '已通过', refused: '未通过' };

/** The lab's review of a community: only approved ones are found by other members. */
export const communityReviewStatuses = ['pending', 'approved', 'refused'] as const;
export type CommunityReviewStatus = (typeof communityReviewStatuses)[number];
export const communityReviewLabels: Record<CommunityReviewStatus, string> = { pending: '待审核', approved: '已通过', refused: '未通过' };

/** Organisation types staff may set (members themselves may only attest as 学生). */
export const organizationValues = [0, 3, 1, 2] as const;

// ---- members (sales, finance) ----

export const memberSortFields = ['createdAt', 'lastLoginAt'] as const;

/**
 * POST /api/admin/member/list. keyword: phone, name, nickname or company; organization 0–3 or
 * 'none' (never set); adviser: a staff id, 'me' (the caller's own customers) or 'none' (nobody
 * yet); from/to: registered (Shanghai days).
 */
export const adminMemberListBody = adminTableQuery(memberSortFields).extend({
  keyword: optionalText('关键词', 50),
  organization: optionalEnum(['0', '1', '2', '3', 'none'], '用户类型'),
  review: optionalEnum(attestationReviewStatuses, '认证状态'),
  adviser: z.preprocess(blankToUndefined, z.union([z.literal('none'), z.literal('me'), z.coerce.number().int().positive().max(ID_MAX)], { error: '[客户经理]不正确' }).optional()),
  status: optionalEnum(['active', 'disabled'], '账号状态'),
  from: dateFilter('注册开始日期'),
  to: dateFilter('注册结束日期'),
});
export type AdminMemberListBody = z.infer<typeof adminMemberListBody>;

export const staffRef = z.object({ id: z.number().int(), name: z.string() });
export type StaffRef = z.infer<typeof staffRef>;

export const adminMemberRow = z.object({
  rid: z.string(),
  phone: z.string(),
  nickname: z.string(),
  name: z.string().nullable(),
  company: z.string().nullable(),
  organization: z.number().int().nullable(),
  reviewStatus: z.enum(attestationReviewStatuses),
  adviser: staffRef.nullable(),
  disabled: z.boolean(),
  createdAt: z.string(),
  lastLoginAt: z.string().nullable(),
});
export type AdminMemberRow = z.infer<typeof adminMemberRow>;

export const adminMemberRidBody = z.object({ rid: rid('会员') });
export type AdminMemberRidBody = z.infer<typeof adminMemberRidBody>;

/** POST /api/admin/member/adviser — adviser_id: an active customer manager, or '' to clear. */
export const adminMemberAdviserBody = z.object({
  rid: rid('会员'),
  adviser_id: z.preprocess(blankToUndefined, z.coerce.number({ error: '[客户经理]不正确' }).int({ error: '[客户经理]不正确' }).positive({ error: '[客户经理]不正确' }).max(ID_MAX, { error: '[客户经理]不正确' }).optional()),
});
export type AdminMemberAdviserBody = z.infer<typeof adminMemberAdviserBody>;

/** POST /api/admin/member/organization — staff verify a teacher, an individual or an enterprise. */
export const adminMemberOrganizationBody = z.object({
  rid: rid('会员'),
  organization: requiredInt('用户类型', 0, 3),
});
export type AdminMemberOrganizationBody = z.infer<typeof adminMemberOrganizationBody>;

/** POST /api/admin/member/status — disabled 1 ends every session of the member at once. */
export const adminMemberStatusBody = z.object({
  rid: rid('会员'),
  disabled: requiredFlag('状态'),
  reason: optionalText('原因', 200),
});
export type AdminMemberStatusBody = z.infer<typeof adminMemberStatusBody>;

/** POST /api/admin/member/orders — one member's orders, newest first. */
export const adminMemberOrdersBody = pageQuery.extend({ rid: rid('会员') });
export type AdminMemberOrdersBody = z.infer<typeof adminMemberOrdersBody>;

/** POST /api/admin/member/ledger — one member's prepaid funds, points or rebates, newest first. */
export const memberLedgerKinds = ['prestore', 'points', 'rebate'] as const;
export type MemberLedgerKind = (typeof memberLedgerKinds)[number];
export const adminMemberLedgerBody = pageQuery.extend({
  rid: rid('会员'),
  kind: z.preprocess((v) => blankToUndefined(v) ?? 'prestore', z.enum(memberLedgerKinds, { error: '[账户类型]不正确' })),
});
export type AdminMemberLedgerBody = z.infer<typeof adminMemberLedgerBody>;

/** POST /api/admin/member/coupons — one member's coupons, newest first. */
export const adminMemberCouponsBody = pageQuery.extend({ rid: rid('会员') });
export type AdminMemberCouponsBody = z.infer<typeof adminMemberCouponsBody>;

export const adminMemberOrder = z.object({
  orderNo: z.string(),
  title: z.string(),
  kind: z.enum(['test', 'reservation', 'service']),
  progress: z.enum(progressStatuses),
  progressText: z.string(),
  payment: z.enum(paymentStatuses),
  paymentText: z.string(),
  totalFen: z.number().int(),
  paidFen: z.number().int(),
  createdAt: z.string(),
});
export type AdminMemberOrder = z.infer<typeof adminMemberOrder>;

export const adminMemberCommunity = z.object({
  rid: z.string(),
  name: z.string(),
  unit: z.string(),
  role: z.enum(communityRoles),
  status: z.enum(membershipStatuses),
  reviewStatus: z.enum(communityReviewStatuses),
  dissolved: z.boolean(),
});
export type AdminMemberCommunity = z.infer<typeof adminMemberCommunity>;

export const adminAttestationState = z.object({
  status: z.enum(attestationReviewStatuses),
  note: z.string().nullable(),
  reviewedAt: z.string().nullable(),
  reviewer: staffRef.nullable(),
});
export type AdminAttestationState = z.infer<typeof adminAttestationState>;

/** POST /api/admin/member/detail */
export const adminMemberDetail = z.object({
  account: z.object({
    rid: z.string(),
    phone: z.string(),
    nickname: z.string(),
    name: z.string().nullable(),
    email: z.string().nullable(),
    organization: z.number().int().nullable(),
    company: z.string().nullable(),
    inviteCode: z.string(),
    inviter: z.object({ rid: z.string(), name: z.string(), phone: z.string() }).nullable(),
    disabled: z.boolean(),
    createdAt: z.string(),
    lastLoginAt: z.string().nullable(),
  }),
  adviser: staffRef.nullable(),
  profile: memberProfile,
  review: adminAttestationState,
  addresses: z.array(addressEntity),
  orders: z.object({
    total: z.number().int(),
    /** not completed or cancelled */
    open: z.number().int(),
    completed: z.number().int(),
    cancelled: z.number().int(),
    /** money actually paid for orders not refunded */
    paidFen: z.number().int(),
    /** what unpaid or unsettled orders still owe */
    owedFen: z.number().int(),
    latest: z.array(adminMemberOrder),
  }),
  funds: z.object({
    prestoreFen: z.number().int(),
    rebateFen: z.number().int(),
    points: z.number().int(),
    creditLimitFen: z.number().int(),
    usableCoupons: z.number().int(),
    /** communities the member owns, with their prepaid funds */
    communities: z.array(z.object({ rid: z.string(), name: z.string(), balanceFen: z.number().int() })),
    recent: z.array(ledgerEntryView),
  }),
  communities: z.array(adminMemberCommunity),
  partner: z
    .object({
      rid: z.string(),
      status: z.enum(partnerStatuses).exclude(['none']),
      statusText: z.string(),
      reason: z.string().nullable(),
      createdAt: z.string(),
    })
    .nullable(),
});
export type AdminMemberDetail = z.infer<typeof adminMemberDetail>;

/** POST /api/admin/member/ledger: one page of the account's entries, with the account's balance now. */
export const adminMemberLedger = pageOf(ledgerEntryView).extend({ balanceFen: z.number().int() });
export type AdminMemberLedger = z.infer<typeof adminMemberLedger>;
