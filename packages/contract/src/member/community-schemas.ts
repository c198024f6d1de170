import { z } from 'zod';
import { emptyMessage, optionalText, pageQuery, phonePattern, requiredText } from '../common';
import { blank } from './fields';

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
