import { z } from 'zod';
import { adminTableQuery } from '../admin-table';
import { optionalText } from '../common';
import { optionalEnum, reasonField, rid } from './admin-fields';
import { adminAttestationState, communityReviewStatuses, staffRef } from './admin-schemas';
import { memberProfile } from './schemas';

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
