import { calls } from '@lab/contract/calls';
import { audit } from '../../platform/audit';
import { said, serve } from '../../platform/calls';
import { approveAttestation, attestationAudit, listAttestations, refuseAttestation } from './attestation-review.service';
import { approveCommunity, communityAudit, listCommunitiesForReview, refuseCommunity } from './community-review.service';
import { approveTeacherRequest, listTeacherRequests, refuseTeacherRequest, teacherRequestAudit } from './teacher-requests.service';
import { memberAudit, setMemberAdviser, setMemberDisabled, setMemberOrganization } from './member-admin.service';

const readOnly = { readOnly: true } as const;
const byRid = (body: { rid: string }) => body.rid;

const { setAdviser, setOrganization, setStatus } = calls.adminMembers;

/**
 * What staff change on a member (sales): contract/calls/admin-members.ts. The member table and
 * detail read several areas and are served by a view (src/views/member-detail.routes.ts).
 */
export const adminMemberRoutes = serve({ setAdviser, setOrganization, setStatus }, {
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

/** 老师认证申请 (sales): approving makes the member a 老师. */
export const adminTeacherRequestRoutes = serve(calls.adminTeacherRequests, {
  list: { handler: ({ db, body }) => listTeacherRequests(db, body), config: readOnly },
  approve: {
    handler: ({ db, staff, body, now }) => approveTeacherRequest(db, staff.id, body, now),
    config: { audit: audit(teacherRequestAudit, 'teacher.approve', '通过老师认证申请', byRid) },
  },
  refuse: {
    handler: ({ db, staff, body, now }) => refuseTeacherRequest(db, staff.id, body, now),
    config: { audit: audit(teacherRequestAudit, 'teacher.refuse', '驳回老师认证申请', byRid) },
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
