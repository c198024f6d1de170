import { calls } from '@lab/contract/calls';
import { audit } from '../../platform/audit';
import { said, serve } from '../../platform/calls';
import { approveAttestation, attestationAudit, listAttestations, refuseAttestation } from './attestation-review.service';
import { approveCommunity, communityAudit, listCommunitiesForReview, refuseCommunity } from './community-review.service';
import {
  getMemberDetail,
  listMemberConsents,
  listMemberCoupons,
  listMemberLedger,
  listMemberOrders,
  listMembers,
  memberAudit,
  setMemberAdviser,
  setMemberDisabled,
  setMemberOrganization,
} from './member-admin.service';

const readOnly = { readOnly: true } as const;
const byRid = (body: { rid: string }) => body.rid;

/** Members in the back office (sales; finance reads): contract/calls/admin-members.ts. */
export const adminMemberRoutes = serve(calls.adminMembers, {
  list: { handler: ({ db, body, staff }) => listMembers(db, body, staff.id), config: readOnly },
  detail: { handler: ({ db, body, now }) => getMemberDetail(db, body.rid, now), config: readOnly },
  orders: { handler: ({ db, body }) => listMemberOrders(db, body), config: readOnly },
  ledger: { handler: ({ db, body }) => listMemberLedger(db, body), config: readOnly },
  coupons: { handler: ({ db, body, now }) => listMemberCoupons(db, body, now), config: readOnly },
  consents: { handler: async ({ db, body }) => listMemberConsents(db, body.rid), config: readOnly },
  setAdviser: {
    handler: async ({ db, body }) => {
      const member = await setMemberAdviser(db, body);
      return said(member, member.adviser ? `客户经理已设为${member.adviser.name}` : '已取消客户经理');
    },
    config: { audit: audit(memberAudit, 'member.adviser', '设置客户经理', byRid) },
  },
  setOrganization: {
    handler: ({ db, body, now }) => setMemberOrganization(db, body, now),
    config: { audit: audit(memberAudit, 'member.organization', '设置用户类型', byRid) },
  },
  setStatus: {
    handler: async ({ db, body, now }) => {
      const member = await setMemberDisabled(db, body, now);
      return said(member, member.disabled ? '会员已停用，其登录已全部失效' : '会员已启用');
    },
    config: { audit: audit(memberAudit, 'member.status', '停用/启用会员', byRid) },
  },
});

/** 资料认证 reviews (sales). */
export const adminAttestationRoutes = serve(calls.adminAttestations, {
  list: { handler: ({ db, body }) => listAttestations(db, body), config: readOnly },
  approve: {
    handler: ({ db, staff, body, now }) => approveAttestation(db, staff.id, body, now),
    config: { audit: audit(attestationAudit, 'attestation.approve', '通过资料认证', byRid) },
  },
  refuse: {
    handler: ({ db, staff, body, now }) => refuseAttestation(db, staff.id, body, now),
    config: { audit: audit(attestationAudit, 'attestation.refuse', '驳回资料认证', byRid) },
  },
});

/** 科研团体 reviews (sales). */
export const adminCommunityRoutes = serve(calls.adminCommunities, {
  list: { handler: ({ db, body }) => listCommunitiesForReview(db, body), config: readOnly },
  approve: {
    handler: ({ db, staff, body, now }) => approveCommunity(db, staff.id, body.rid, now),
    config: { audit: audit(communityAudit, 'community.approve', '通过科研团体', byRid) },
  },
  refuse: {
    handler: ({ db, staff, body, now }) => refuseCommunity(db, staff.id, body, now),
    config: { audit: audit(communityAudit, 'community.refuse', '驳回科研团体', byRid) },
  },
});
