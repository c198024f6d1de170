import { z } from 'zod';
import { consentDueItem } from '../accounts/agreement-schemas';
import { memberAccount, memberAddress } from '../accounts/schemas';
import { emptyMessage, phonePattern, requiredText } from '../common';
import { blank, conditionalText, insertIssue, regionName } from './fields';

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

/**
 * The member centre's order-status strip (issue 31): orders waiting on the member or the lab,
 * each as the order list's tab counts it. reportReady: 已出数据, the report is out to download
 * and confirm; unpaid: 待支付 (not cancelled, not settled after testing).
 */
export const memberOrderCounts = z.object({
  reportReady: z.number().int(),
  unpaid: z.number().int(),
  awaitingSample: z.number().int(),
  testing: z.number().int(),
});
export type MemberOrderCounts = z.infer<typeof memberOrderCounts>;

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
