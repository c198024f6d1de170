import { z } from 'zod';
import { ID_MAX, emptyMessage, optionalText, pageOf, pageQuery, requiredText } from './common';
import { adminTableQuery, dateFilter } from './admin';
import { adminExchangeItemBody, exchangeItem, exchangeRecord, partnerStatuses, pointsApplication } from './growth';
import { addressEntity, communityRoles, memberProfile, membershipStatuses } from './member';
import { ledgerEntry } from './funds';
import { paymentStatuses, progressStatuses, type Contract, type Requirement } from './orders';

/**
 * Customers in the back office (客户服务, sales; the member pages also finance): members
 * and their detail, the reviews of attestations (资料认证) and research communities
 * (科研团体), and the staff views of partners, points, requirements and contracts whose
 * calls live with their modules (/api/admin/growth, /api/admin/demand, /api/admin/contract).
 */

const rid = (label: string) => requiredText(label, 40);
const blankToUndefined = (value: unknown) => (value === '' || value === null ? undefined : value);
const optionalEnum = <const T extends readonly [string, ...string[]]>(values: T, label: string) =>
  z.preprocess(blankToUndefined, z.enum(values, { error: `[${label}]不正确` }).optional());
const intField = (label: string, min: number, max: number) =>
  z.coerce
    .number({ error: `[${label}]必须是数字` })
    .int({ error: `[${label}]必须是整数` })
    .min(min, { error: `[${label}]不能小于${min}` })
    .max(max, { error: `[${label}]不能超过${max}` });
/** a whole number that must be filled in: '' and a missing key read as [label]不能为空 */
const requiredInt = (label: string, min: number, max: number) =>
  z.preprocess(
    (value) => {
      const given = blankToUndefined(typeof value === 'string' ? value.trim() : value);
      return typeof given === 'string' ? Number(given) : given;
    },
    z
      .number({ error: (issue) => (issue.input === undefined ? emptyMessage(label) : `[${label}]必须是数字`) })
      .int({ error: `[${label}]必须是整数` })
      .min(min, { error: `[${label}]不能小于${min}` })
      .max(max, { error: `[${label}]不能超过${max}` }),
  );
/** '0' or '1' (form posts), read as a boolean; missing reads as [label]不能为空 */
const requiredFlag = (label: string) =>
  z.preprocess(
    (value) => (value === undefined || value === null || value === '' ? undefined : String(value)),
    z.enum(['0', '1'], { error: (issue) => (issue.input === undefined ? emptyMessage(label) : `[${label}]不正确`) }).transform((value) => value === '1'),
  );
/** a refusal is always explained to the member */
const reasonField = requiredText('原因', 200);

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
  kind: z.enum(['test', 'reservation']),
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
    recent: z.array(ledgerEntry),
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
export const adminMemberLedger = pageOf(ledgerEntry).extend({ balanceFen: z.number().int() });
export type AdminMemberLedger = z.infer<typeof adminMemberLedger>;


// ---- 资料认证 reviews (sales) ----

/** POST /api/admin/attestation/list — submitted attestations; pending first by default. */
export const adminAttestationListBody = adminTableQuery(['attestedAt']).extend({
  status: optionalEnum(['pending', 'approved', 'refused'], '审核状态'),
  keyword: optionalText('关键词', 50),
});
export type AdminAttestationListBody = z.infer<typeof adminAttestationListBody>;

export const adminAttestation = z.object({
  member: z.object({ rid: z.string(), phone: z.string(), nickname: z.string(), disabled: z.boolean() }),
  profile: memberProfile,
  review: adminAttestationState,
});
export type AdminAttestation = z.infer<typeof adminAttestation>;

/** POST /api/admin/attestation/approve — note optional; the member is told in-site. */
export const adminAttestationApproveBody = z.object({ rid: rid('会员'), note: optionalText('备注', 200) });
/** POST /api/admin/attestation/refuse — the reason is shown to the member. */
export const adminAttestationRefuseBody = z.object({ rid: rid('会员'), reason: reasonField });
export type AdminAttestationApproveBody = z.infer<typeof adminAttestationApproveBody>;
export type AdminAttestationRefuseBody = z.infer<typeof adminAttestationRefuseBody>;

// ---- 科研团体 reviews (sales) ----

/** POST /api/admin/community/list — communities by review status (pending first by default). */
export const adminCommunityListBody = adminTableQuery(['createdAt']).extend({
  status: optionalEnum(communityReviewStatuses, '审核状态'),
  keyword: optionalText('关键词', 50),
});
export type AdminCommunityListBody = z.infer<typeof adminCommunityListBody>;

export const adminCommunity = z.object({
  rid: z.string(),
  name: z.string(),
  unit: z.string(),
  description: z.string(),
  owner: z.object({ rid: z.string(), name: z.string(), phone: z.string(), company: z.string().nullable(), organization: z.number().int().nullable() }),
  memberCount: z.number().int(),
  pendingApplications: z.number().int(),
  dissolved: z.boolean(),
  reviewStatus: z.enum(communityReviewStatuses),
  reviewNote: z.string().nullable(),
  reviewedAt: z.string().nullable(),
  reviewer: staffRef.nullable(),
  createdAt: z.string(),
});
export type AdminCommunity = z.infer<typeof adminCommunity>;

export const adminCommunityApproveBody = z.object({ rid: rid('科研团体') });
export const adminCommunityRefuseBody = z.object({ rid: rid('科研团体'), reason: reasonField });
export type AdminCommunityRefuseBody = z.infer<typeof adminCommunityRefuseBody>;

// ---- partners, points, requirements, contracts: what staff see (calls in their modules) ----

export const adminPartnerApplication = z.object({
  rid: z.string(),
  member: z.object({ rid: z.string(), phone: z.string(), name: z.string(), nickname: z.string() }),
  name: z.string(),
  phone: z.string(),
  organization: z.string(),
  channel: z.string(),
  status: z.enum(['pending', 'approved', 'refused']),
  statusText: z.string(),
  reason: z.string().nullable(),
  createdAt: z.string(),
  decidedAt: z.string().nullable(),
});
export type AdminPartnerApplication = z.infer<typeof adminPartnerApplication>;

const memberBrief = z.object({ rid: z.string(), name: z.string(), phone: z.string() });

export const adminPointsApplication = pointsApplication.extend({
  /** what a decision on it pins (versionPin) */
  version: z.number(),
  publishedOn: z.string().nullable(),
  member: memberBrief,
  decidedAt: z.string().nullable(),
});
export type AdminPointsApplication = z.infer<typeof adminPointsApplication>;

export const adminExchangeItem = exchangeItem.omit({ available: true }).extend({
  couponTemplateRid: z.string().nullable(),
  totalStock: z.number().nullable(),
  exchangedCount: z.number(),
  active: z.boolean(),
  sort: z.number(),
});
export type AdminExchangeItem = z.infer<typeof adminExchangeItem>;

export const adminExchangeRecord = exchangeRecord.extend({
  shipTo: z.string().nullable(),
  member: memberBrief,
});
export type AdminExchangeRecord = z.infer<typeof adminExchangeRecord>;

/** a picture uploaded through /api/admin/upload/image (its stored path), or the item's default */
const itemImage = optionalText('图片', 300).refine((value) => value === undefined || (/^\/upload\/img\/[\w./-]+$/.test(value) && !value.includes('..')), { error: '[图片]请通过上传按钮选择' });

/** POST /api/admin/growth/exchange/add — the growth contract's item, with an optional picture and order. */
export const adminExchangeItemAddBody = adminExchangeItemBody.extend({
  img: itemImage,
  sort: z.preprocess(blankToUndefined, intField('排序', 0, 9999).optional()),
});
export type AdminExchangeItemAddBody = z.infer<typeof adminExchangeItemAddBody>;

/** POST /api/admin/growth/exchange/edit — kind and coupon template stay as created. */
export const adminExchangeItemEditBody = z.object({
  rid: rid('兑换商品'),
  name: requiredText('名称', 50),
  description: optionalText('说明', 500),
  img: itemImage,
  points: requiredInt('所需积分', 1, 1_000_000),
  /** total stock; empty = unlimited; never below what was already exchanged */
  stock: z.preprocess(blankToUndefined, intField('库存', 0, 1_000_000).optional()),
  sort: z.preprocess(blankToUndefined, intField('排序', 0, 9999).optional()),
});
export type AdminExchangeItemEditBody = z.infer<typeof adminExchangeItemEditBody>;

/** POST /api/admin/growth/exchange/status — active 0 withdraws the item from the catalogue, 1 puts it back. */
export const adminExchangeItemStatusBody = z.object({ rid: rid('兑换商品'), active: requiredFlag('上架状态') });
export type AdminExchangeItemStatusBody = z.infer<typeof adminExchangeItemStatusBody>;

export interface AdminRequirement extends Requirement {
  member: { rid: string; name: string; phone: string; company: string };
  closeReason: string | null;
  quotedBy: number | null;
}

export interface AdminContract extends Contract {
  member: { rid: string; name: string; phone: string; company: string };
  signedAt: string | null;
  confirmedAt: string | null;
}

/** the staff list filters of the calls that live in their modules */
export const adminPartnerListBody = pageQuery.extend({ status: optionalEnum(['pending', 'approved', 'refused'], '状态') });
export const adminPointsApplicationListBody = pageQuery.extend({ status: optionalEnum(['pending', 'approved', 'refused'], '状态') });
export const adminExchangeListBody = pageQuery.extend({ status: optionalEnum(['done', 'to_ship', 'shipped'], '状态') });
export const adminExchangeShipBody = z.object({ rid: rid('兑换记录'), note: optionalText('物流信息', 200) });
