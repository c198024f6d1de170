import { z } from 'zod';
import { emptyMessage, optionalText, pageQuery, phonePattern, requiredText, isCalendarDate } from './common';
import { memberAccount, memberAddress } from './auth';
import { consentDueItem } from './agreements';

/**
 * The member area: profile and attestation (资料认证), addresses, home sample pickup
 * (上门取样), asking for samples back (样品回收) and research communities (科研团体).
 * Every call is a POST under /api/auth (form or JSON); staff calls under /api/admin.
 * Only the first problem of a form is shown (spec), so each schema lists its fields in the
 * order a person sees them and conditional fields are slotted into that order.
 */

// ---- helpers ----

const emailPattern = /^[^\s@]+@[^\s@]+\.[^\s@]{2,}$/;

/** The attestation dialog's pattern (spec): 「姓名」不能为空. */
export const attestEmptyMessage = (label: string) => `「${label}」不能为空`;

const attestText = (label: string, max = 100) =>
  z
    .string({ error: attestEmptyMessage(label) })
    .trim()
    .min(1, { error: attestEmptyMessage(label) })
    .max(max, { error: `「${label}」不能超过${max}个字符` });

const regionCode = (empty: string) =>
  z
    .string({ error: empty })
    .trim()
    .min(1, { error: empty })
    .regex(/^\d{6}$/, { error: empty.replace('不能为空', '不正确') });

/** province / city / area names: optional, filled from address_code and checked against it by the server */
const regionName = (label: string) => optionalText(label, 30);

type RawIssue = { code: 'custom'; message: string; path: PropertyKey[]; input: unknown };

/**
 * Adds a "required" issue at its field's place in the form's order, so the first message
 * is the first field a person has to fix even when the requirement depends on another field.
 */
function insertIssue(issues: { path?: PropertyKey[] }[], issue: RawIssue, order: readonly string[]) {
  const rank = (key: PropertyKey | undefined) => {
    const i = order.indexOf(String(key));
    return i === -1 ? order.length : i;
  };
  const mine = rank(issue.path[0]);
  const at = issues.findIndex((existing) => rank(existing.path?.[0]) > mine);
  if (at === -1) issues.push(issue);
  else issues.splice(at, 0, issue);
}

const blank = (value: unknown) => value === undefined || value === null || (typeof value === 'string' && value.trim() === '');

/** an optional text that becomes required under a condition; checked by `requireWhen` */
const conditionalText = (max: number) =>
  z
    .string()
    .trim()
    .max(max)
    .optional()
    .transform((value) => (value ? value : undefined));

// ---- profile and attestation (user/update4profile, updateInfo, update4contact) ----

/**
 * Organisation types (spec): 0 student, 3 teacher, 1 individual, 2 enterprise. Only students attest
 * themselves; a type staff verified (teacher, individual, enterprise) is kept when such a member
 * updates the rest of the form. Which applies depends on the member, so the server decides.
 */
export const ATTESTABLE_ORGANIZATIONS = [0] as const;
export const ORGANIZATION_ONLY_STUDENT_MESSAGE = '目前仅支持学生用户在线认证，老师、个人和企业用户请联系客服认证';

const attestOrder = ['name', 'email', 'organization', 'company', 'teacher', 'teacher_phone', 'teacher_mail', 'address_code', 'province', 'city', 'area', 'address'] as const;

/**
 * POST /api/auth/user/update4profile — the 资料认证 dialog. All fields required with the
 * spec's 「」 message; the advisor fields only for students; only the student type is
 * selectable (the others are disabled options), so the server refuses the others too.
 * The region is a cascader: address_code is the leaf code; province, city and area are its
 * names (the server fills them from the code when left out and refuses names that do not
 * match). A member with no address gets this region + address as their first address.
 */
export const profileAttestBody = z
  .object({
    name: attestText('姓名', 30),
    email: attestText('邮箱', 100).regex(emailPattern, { error: '「邮箱」格式不正确' }),
    organization: z.preprocess(
      (value) => (blank(value) ? undefined : typeof value === 'string' ? Number(value) : value),
      z
        .number({ error: attestEmptyMessage('用户类型') })
        .int({ error: '「用户类型」不正确' })
        .refine((value) => [0, 1, 2, 3].includes(value), { error: '「用户类型」不正确' }),
    ),
    company: attestText('单位名称', 100),
    teacher: conditionalText(30),
    teacher_phone: conditionalText(11).refine((v) => v === undefined || phonePattern.test(v), { error: '「导师手机」格式不正确' }),
    teacher_mail: conditionalText(100).refine((v) => v === undefined || emailPattern.test(v), { error: '「导师邮箱」格式不正确' }),
    address_code: regionCode(attestEmptyMessage('收货地区')),
    province: regionName('省份'),
    city: regionName('城市'),
    area: regionName('区县'),
    address: attestText('详细地址', 200),
  })
  .superRefine(
    (_value, ctx) => {
      const raw = ctx.value as Record<string, unknown>;
      const organization = Number(raw.organization);
      const student = blank(raw.organization) || organization === 0;
      if (!student) return;
      for (const [key, label] of [
        ['teacher', '导师/负责人'],
        ['teacher_phone', '导师手机'],
        ['teacher_mail', '导师邮箱'],
      ] as const) {
        if (blank(raw[key])) insertIssue(ctx.issues, { code: 'custom', message: attestEmptyMessage(label), path: [key], input: raw[key] }, attestOrder);
      }
    },
    { when: () => true },
  );
export type ProfileAttestBody = z.infer<typeof profileAttestBody>;

/** POST /api/auth/user/updateInfo — the member's display name. */
export const updateInfoBody = z.object({
  nickname: requiredText('昵称', 30),
});
export type UpdateInfoBody = z.infer<typeof updateInfoBody>;

/** POST /api/auth/user/update4contact — who the lab writes to: name and e-mail. */
export const updateContactBody = z.object({
  name: requiredText('姓名', 30),
  email: requiredText('邮箱', 100).regex(emailPattern, { error: '[邮箱]格式不正确' }),
});
export type UpdateContactBody = z.infer<typeof updateContactBody>;

/** The attestation as stored; null fields were never filled in. */
const maybeText = z.string().nullable();
export const memberProfile = z.object({
  name: maybeText,
  email: maybeText,
  organization: z.number().int().nullable(),
  company: maybeText,
  teacher: maybeText,
  teacher_phone: maybeText,
  teacher_mail: maybeText,
  province: maybeText,
  city: maybeText,
  area: maybeText,
  address_code: maybeText,
  address: maybeText,
  /** when the member last completed the attestation (ISO), null if never */
  attestedAt: maybeText,
  /** the lab's review of the last submission: none (never submitted) → pending → approved | refused */
  reviewStatus: z.enum(['none', 'pending', 'approved', 'refused']),
  /** why it was refused (or the reviewer's note) */
  reviewNote: maybeText,
});
export type MemberProfile = z.infer<typeof memberProfile>;

/** POST /api/auth/web/home/data — the member centre's figures. */
export const memberHomeData = z.object({
  basicInfoComplete: z.boolean(),
  addressNum: z.number().int(),
  /** pickups booked and not yet collected */
  samplingPending: z.number().int(),
  /** requests to return samples still open */
  recyclePending: z.number().int(),
  /** communities owned or joined */
  communityNum: z.number().int(),
  /** applications waiting for this member's decision (as an owner) */
  communityApplications: z.number().int(),
  cartNum: z.number().int(),
});
export type MemberHomeData = z.infer<typeof memberHomeData>;

// ---- addresses ----

export const MAX_ADDRESSES = 20;

const addressFields = {
  name: requiredText('姓名', 30),
  phone: requiredText('手机', 11).regex(phonePattern, { error: '[手机]格式不正确' }),
  address_code: regionCode(emptyMessage('所在地区')),
  province: regionName('省份'),
  city: regionName('城市'),
  area: regionName('区县'),
  address: requiredText('详细地址', 200),
};

/** POST /api/auth/address/add */
export const addressAddBody = z.object({
  ...addressFields,
  /** 1: make it the default address */
  default: z.preprocess((v) => (blank(v) ? undefined : String(v)), z.enum(['0', '1'], { error: '[默认地址]不正确' }).optional()),
});
export type AddressAddBody = z.infer<typeof addressAddBody>;

const addressRid = requiredText('地址编号', 40);

/** POST /api/auth/address/edit */
export const addressEditBody = addressAddBody.extend({ address_rid: addressRid });
export type AddressEditBody = z.infer<typeof addressEditBody>;

/** POST /api/auth/address/del and address/default */
export const addressRidBody = z.object({ address_rid: addressRid });

/**
 * An address as address/list, add and edit answer it: the spec's entity, its id under both
 * names (rid, and address_rid as the calls send it back), default 1 for the default, and
 * disabled when home pickup is not offered there (tooltip PICKUP_REGION_CLOSED_MESSAGE).
 */
export const addressEntity = memberAddress.extend({ address_rid: z.string(), disabled: z.boolean() });
export type AddressEntity = z.infer<typeof addressEntity>;

/**
 * POST /api/auth/user/info answers this: the spec's account, address list and cartNum,
 * plus the attestation and whether basic information is complete (an address on file).
 */
export const memberUserInfo = z.object({
  account: memberAccount,
  addressList: z.array(addressEntity),
  cartNum: z.number().int(),
  profile: memberProfile,
  /** false: warn 未完善基本信息将无法正常下单 */
  basicInfoComplete: z.boolean(),
  /** agreements with a newer version than the member agreed to: the site asks again before going on */
  consentDue: z.array(consentDueItem),
});
export type MemberUserInfo = z.infer<typeof memberUserInfo>;

/** POST /api/auth/address/list: every address of the member, default first, then newest. */
export type AddressList = AddressEntity[];

// ---- home pickup (上门取样) ----

/** type: 0 send the samples yourself (to localInfo's address, nothing to book), 1 home pickup */
export const SamplingType = { selfSend: 0, pickup: 1 } as const;
export const samplingStatuses = ['pending', 'collected', 'cancelled'] as const;
export type SamplingStatus = (typeof samplingStatuses)[number];
export const samplingStatusLabels: Record<SamplingStatus, string> = { pending: '待取样', collected: '已取样', cancelled: '已取消' };
export const SELF_SEND_MESSAGE = '自行寄样无需预约，请按页面所示地址寄送样品';
export const PICKUP_REGION_CLOSED_MESSAGE = '现有地址所在城市暂未开通上门取样服务';

const samplingOrder = ['type', 'date', 'time', 'address_rid', 'name', 'phone', 'address_code', 'province', 'city', 'area', 'address', 'sendAddress', 'message'] as const;

/**
 * POST /api/auth/sampling/add — book a home pickup (type 1) on a date and slot the rules in
 * sampling.ts allow, at an existing address (address_rid) or a new one (name, phone,
 * address_code as 取样地址, address as 详细地址). type 0 needs no booking.
 */
export const samplingAddBody = z
  .object({
    type: z.preprocess(
      (value) => (blank(value) ? undefined : String(value)),
      z.enum(['0', '1'], { error: emptyMessage('取样方式') }).transform((value) => Number(value) as 0 | 1),
    ),
    date: conditionalText(10).refine((v) => v === undefined || isCalendarDate(v), { error: '[取样日期]格式不正确' }),
    time: conditionalText(5).refine((v) => v === undefined || /^\d{2}:\d{2}$/.test(v), { error: '[取样时间]格式不正确' }),
    address_rid: optionalText('地址编号', 40),
    name: conditionalText(30),
    phone: conditionalText(11).refine((v) => v === undefined || phonePattern.test(v), { error: '[手机]格式不正确' }),
    address_code: conditionalText(6).refine((v) => v === undefined || /^\d{6}$/.test(v), { error: '[取样地址]不正确' }),
    province: regionName('省份'),
    city: regionName('城市'),
    area: regionName('区县'),
    address: conditionalText(200),
    /** the full address as the dialog shows it; composed by the server when left out */
    sendAddress: optionalText('寄件地址', 300),
    message: optionalText('备注', 500),
  })
  .superRefine(
    (_value, ctx) => {
      const raw = ctx.value as Record<string, unknown>;
      // type 0 (self-send) books nothing: the server answers SELF_SEND_MESSAGE
      if (String(raw.type) === '0') return;
      const required: [string, string][] = [
        ['date', '取样日期'],
        ['time', '取样时间'],
      ];
      if (blank(raw.address_rid)) required.push(['name', '姓名'], ['phone', '手机'], ['address_code', '取样地址'], ['address', '详细地址']);
      for (const [key, label] of required) {
        if (blank(raw[key])) insertIssue(ctx.issues, { code: 'custom', message: emptyMessage(label), path: [key], input: raw[key] }, samplingOrder);
      }
    },
    { when: () => true },
  );
export type SamplingAddBody = z.infer<typeof samplingAddBody>;

/** POST /api/auth/sampling/list */
export const samplingListBody = pageQuery.extend({
  status: z.enum(samplingStatuses, { error: '[状态]不正确' }).optional(),
});
export type SamplingListBody = z.infer<typeof samplingListBody>;

/** POST /api/auth/sampling/cancel, /api/admin/sampling/collect */
export const samplingRidBody = z.object({ rid: requiredText('预约编号', 40) });

/** POST /api/admin/sampling/list: the pickups of one day (Asia/Shanghai date). */
export const adminSamplingListBody = z.object({
  date: requiredText('取样日期', 10).regex(/^\d{4}-\d{2}-\d{2}$/, { error: '[取样日期]格式不正确' }).refine(isCalendarDate, { error: '[取样日期]格式不正确' }),
  status: z.enum(samplingStatuses, { error: '[状态]不正确' }).optional(),
});

export const sampling = z.object({
  rid: z.string(),
  type: z.union([z.literal(0), z.literal(1)]),
  /** YYYY-MM-DD */
  date: z.string(),
  /** HH:mm */
  time: z.string(),
  name: z.string(),
  phone: z.string(),
  province: z.string(),
  city: z.string(),
  area: z.string(),
  address: z.string(),
  address_code: z.string(),
  sendAddress: z.string(),
  message: z.string(),
  status: z.enum(samplingStatuses),
  statusText: z.string(),
  createdAt: z.string(),
  collectedAt: z.string().nullable(),
  cancelledAt: z.string().nullable(),
});
export type Sampling = z.infer<typeof sampling>;

/** the staff view adds who booked it */
export const adminSampling = sampling.extend({
  member: z.object({ rid: z.string(), phone: z.string(), name: z.string().nullable(), company: z.string().nullable() }),
  collectedBy: z.string().nullable(),
});
export type AdminSampling = z.infer<typeof adminSampling>;

// ---- samples back (样品回收): sample4recycle ----

export const recycleStatuses = ['pending', 'sent', 'cancelled'] as const;
export type RecycleStatus = (typeof recycleStatuses)[number];
export const recycleStatusLabels: Record<RecycleStatus, string> = { pending: '待寄回', sent: '已寄回', cancelled: '已取消' };

const recycleOrder = ['order_no', 'samples', 'address_rid', 'name', 'phone', 'address_code', 'province', 'city', 'area', 'address', 'message'] as const;

/**
 * POST /api/auth/sample4recycle/add — ask for the samples back, to an existing address
 * (address_rid) or a new one. order_no links an order once orders exist.
 */
export const recycleAddBody = z
  .object({
    order_no: optionalText('订单编号', 40),
    samples: requiredText('样品说明', 500),
    address_rid: optionalText('地址编号', 40),
    name: conditionalText(30),
    phone: conditionalText(11).refine((v) => v === undefined || phonePattern.test(v), { error: '[手机]格式不正确' }),
    address_code: conditionalText(6).refine((v) => v === undefined || /^\d{6}$/.test(v), { error: '[收件地址]不正确' }),
    province: regionName('省份'),
    city: regionName('城市'),
    area: regionName('区县'),
    address: conditionalText(200),
    message: optionalText('备注', 500),
  })
  .superRefine(
    (_value, ctx) => {
      const raw = ctx.value as Record<string, unknown>;
      if (!blank(raw.address_rid)) return;
      for (const [key, label] of [
        ['name', '姓名'],
        ['phone', '手机'],
        ['address_code', '收件地址'],
        ['address', '详细地址'],
      ] as const) {
        if (blank(raw[key])) insertIssue(ctx.issues, { code: 'custom', message: emptyMessage(label), path: [key], input: raw[key] }, recycleOrder);
      }
    },
    { when: () => true },
  );
export type RecycleAddBody = z.infer<typeof recycleAddBody>;

/** POST /api/auth/sample4recycle/list4person */
export const recycleListBody = pageQuery;

export const recycleRequest = z.object({
  rid: z.string(),
  order_no: z.string().nullable(),
  samples: z.string(),
  name: z.string(),
  phone: z.string(),
  province: z.string(),
  city: z.string(),
  area: z.string(),
  address: z.string(),
  address_code: z.string(),
  message: z.string(),
  status: z.enum(recycleStatuses),
  statusText: z.string(),
  trackingNo: z.string().nullable(),
  createdAt: z.string(),
});
export type RecycleRequest = z.infer<typeof recycleRequest>;

// ---- research communities (科研团体): cluster/* ----

export const communityRoles = ['owner', 'member'] as const;
export type CommunityRole = (typeof communityRoles)[number];
export const membershipStatuses = ['pending', 'approved', 'refused', 'removed'] as const;
export type MembershipStatus = (typeof membershipStatuses)[number];
export const membershipStatusLabels: Record<MembershipStatus, string> = { pending: '待审核', approved: '已加入', refused: '已拒绝', removed: '已移出' };
export const COMMUNITY_TEACHER_ONLY_MESSAGE = '只有认证为老师的用户可以创建科研团体，请联系客服认证老师身份';

const communityRid = requiredText('团体编号', 40);
const memberRid = requiredText('成员编号', 40);

/** POST /api/auth/cluster/add (teachers only) */
export const communityAddBody = z.object({
  name: requiredText('团体名称', 50),
  unit: requiredText('所属单位', 100),
  description: optionalText('团体简介', 1000),
});
export type CommunityAddBody = z.infer<typeof communityAddBody>;

/** POST /api/auth/cluster/edit (owner) */
export const communityEditBody = communityAddBody.extend({ rid: communityRid });
export type CommunityEditBody = z.infer<typeof communityEditBody>;

/** POST /api/auth/cluster/del (owner: dissolves it), cluster/info */
export const communityRidBody = z.object({ rid: communityRid });

/** POST /api/auth/cluster/search4user (owner): find a member by phone to add */
export const communitySearchUserBody = z.object({
  rid: communityRid,
  phone: requiredText('手机号', 11).regex(phonePattern, { error: '[手机号]格式不正确' }),
});

/** POST /api/auth/cluster/add4user (owner): add a member found by search4user (member_rid) */
export const communityMemberBody = z.object({ rid: communityRid, member_rid: memberRid });
/** POST /api/auth/cluster/delete4user and cluster/transfer (owner) use communityMemberBody */

/** POST /api/auth/cluster/agree (owner): agree 1 to accept an application, 0 to refuse it */
export const communityAgreeBody = z.object({
  rid: communityRid,
  member_rid: memberRid,
  agree: z.preprocess((v) => (blank(v) ? undefined : String(v)), z.enum(['0', '1'], { error: emptyMessage('审核结果') }).transform((v) => v === '1')),
});

/** POST /api/auth/cluster/apply */
export const communityApplyBody = z.object({ rid: communityRid, message: optionalText('申请说明', 200) });

/** POST /api/auth/cluster/search: communities to apply to, by name, unit or owner's name */
export const communitySearchBody = pageQuery.extend({ keyword: optionalText('关键词', 50) });

/** POST /api/auth/cluster/joined: my memberships in others' communities, any status */
export const communityJoinedBody = pageQuery.extend({
  status: z.enum(membershipStatuses, { error: '[状态]不正确' }).optional(),
});

export const communitySummary = z.object({
  rid: z.string(),
  name: z.string(),
  unit: z.string(),
  description: z.string(),
  owner: z.object({ name: z.string() }),
  /** approved members, the owner included */
  memberCount: z.number().int(),
  createdAt: z.string(),
  /** the caller's relation: role when approved, status otherwise; null: none */
  myRole: z.enum(communityRoles).nullable(),
  myStatus: z.enum(membershipStatuses).nullable(),
  /** the lab's review: only approved communities are found by other members */
  reviewStatus: z.enum(['pending', 'approved', 'refused']),
  /** why the lab refused it */
  reviewNote: z.string().nullable(),
});
export type CommunitySummary = z.infer<typeof communitySummary>;

export const communityMember = z.object({
  member_rid: z.string(),
  name: z.string(),
  phone: z.string(),
  company: z.string().nullable(),
  role: z.enum(communityRoles),
  status: z.enum(membershipStatuses),
  statusText: z.string(),
  message: z.string(),
  appliedAt: z.string(),
  decidedAt: z.string().nullable(),
});
export type CommunityMember = z.infer<typeof communityMember>;

/** cluster/info: the community; members (with pending applications) only for its owner */
export const communityDetail = communitySummary.extend({ members: z.array(communityMember).nullable() });
export type CommunityDetail = z.infer<typeof communityDetail>;

/** cluster/search4user: a member found by phone, masked (name, unit) unless already in one of the caller's communities */
export const communityUserHit = z.object({
  member_rid: z.string(),
  name: z.string(),
  phone: z.string(),
  /** the user type; null while masked */
  organization: z.number().int().nullable(),
  company: z.string().nullable(),
  masked: z.boolean(),
  /** their membership of this community, if any */
  status: z.enum(membershipStatuses).nullable(),
});
export type CommunityUserHit = z.infer<typeof communityUserHit>;
