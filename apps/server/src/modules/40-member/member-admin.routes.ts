import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  adminAttestationApproveBody,
  adminAttestationListBody,
  adminAttestationRefuseBody,
  adminCommunityApproveBody,
  adminCommunityListBody,
  adminCommunityRefuseBody,
  adminMemberAdviserBody,
  adminMemberCouponsBody,
  adminMemberLedgerBody,
  adminMemberListBody,
  adminMemberOrdersBody,
  adminMemberOrganizationBody,
  adminMemberRidBody,
  adminMemberStatusBody,
  type StaffRole,
} from '@lab/contract';
import type { AppDeps } from '../../platform/deps';
import { audit } from '../../platform/audit';
import { requireStaff } from '../10-accounts/auth-guard';
import { ok } from '../../platform/envelope';
import { approveAttestation, attestationAudit, listAttestations, refuseAttestation } from './attestation-review.service';
import { approveCommunity, communityAudit, listCommunitiesForReview, refuseCommunity } from './community-review.service';
import {
  getMemberDetail,
  listMemberCoupons,
  listMemberLedger,
  listMemberOrders,
  listMembers,
  memberAudit,
  setMemberAdviser,
  setMemberDisabled,
  setMemberOrganization,
} from './member-admin.service';

/** customer managers run the customers; finance also looks members up (their money) */
const readers = { roles: ['sales', 'finance'] as readonly StaffRole[], readOnly: true };
const sales = { roles: ['sales'] as readonly StaffRole[] };
const byRid = (body: { rid: string }) => body.rid;

/** Members in the back office (sales, finance): search, profile, orders and funds; attestation and community reviews. */
export async function memberAdminRoutes(app: FastifyInstance, deps: AppDeps) {
  const { db, clock } = deps;
  const r = app.withTypeProvider<ZodTypeProvider>();
  const now = () => clock.now();

  // ---- members ----
  r.post('/api/admin/member/list', { schema: { body: adminMemberListBody }, config: readers }, async (request) => ok(await listMembers(db, request.body, requireStaff(request).id)));
  r.post('/api/admin/member/detail', { schema: { body: adminMemberRidBody }, config: readers }, async (request) => ok(await getMemberDetail(db, request.body.rid, now())));
  r.post('/api/admin/member/orders', { schema: { body: adminMemberOrdersBody }, config: readers }, async (request) => ok(await listMemberOrders(db, request.body)));
  r.post('/api/admin/member/ledger', { schema: { body: adminMemberLedgerBody }, config: readers }, async (request) => ok(await listMemberLedger(db, request.body)));
  r.post('/api/admin/member/coupons', { schema: { body: adminMemberCouponsBody }, config: readers }, async (request) => ok(await listMemberCoupons(db, request.body, now())));
  r.post(
    '/api/admin/member/adviser',
    { schema: { body: adminMemberAdviserBody }, config: { ...sales, audit: audit(memberAudit, 'member.adviser', '设置客户经理', byRid) } },
    async (request) => {
      const member = await setMemberAdviser(request.db, request.body);
      return ok(member, member.adviser ? `客户经理已设为${member.adviser.name}` : '已取消客户经理');
    },
  );
  r.post(
    '/api/admin/member/organization',
    { schema: { body: adminMemberOrganizationBody }, config: { ...sales, audit: audit(memberAudit, 'member.organization', '设置用户类型', byRid) } },
    async (request) => ok(await setMemberOrganization(request.db, request.body, now()), '用户类型已更新'),
  );
  r.post(
    '/api/admin/member/status',
    { schema: { body: adminMemberStatusBody }, config: { ...sales, audit: audit(memberAudit, 'member.status', '停用/启用会员', byRid) } },
    async (request) => {
      const member = await setMemberDisabled(request.db, request.body, now());
      return ok(member, member.disabled ? '会员已停用，其登录已全部失效' : '会员已启用');
    },
  );

  // ---- 资料认证 ----
  r.post('/api/admin/attestation/list', { schema: { body: adminAttestationListBody }, config: { ...sales, readOnly: true } }, async (request) => ok(await listAttestations(db, request.body)));
  r.post(
    '/api/admin/attestation/approve',
    { schema: { body: adminAttestationApproveBody }, config: { ...sales, audit: audit(attestationAudit, 'attestation.approve', '通过资料认证', byRid) } },
    async (request) => ok(await approveAttestation(request.db, requireStaff(request).id, request.body, now()), '资料认证已通过，已通知会员'),
  );
  r.post(
    '/api/admin/attestation/refuse',
    { schema: { body: adminAttestationRefuseBody }, config: { ...sales, audit: audit(attestationAudit, 'attestation.refuse', '驳回资料认证', byRid) } },
    async (request) => ok(await refuseAttestation(request.db, requireStaff(request).id, request.body, now()), '已驳回，已通知会员'),
  );

  // ---- 科研团体 ----
  r.post('/api/admin/community/list', { schema: { body: adminCommunityListBody }, config: { ...sales, readOnly: true } }, async (request) => ok(await listCommunitiesForReview(db, request.body)));
  r.post(
    '/api/admin/community/approve',
    { schema: { body: adminCommunityApproveBody }, config: { ...sales, audit: audit(communityAudit, 'community.approve', '通过科研团体', byRid) } },
    async (request) => ok(await approveCommunity(request.db, requireStaff(request).id, request.body.rid, now()), '团体已通过审核，已通知负责人'),
  );
  r.post(
    '/api/admin/community/refuse',
    { schema: { body: adminCommunityRefuseBody }, config: { ...sales, audit: audit(communityAudit, 'community.refuse', '驳回科研团体', byRid) } },
    async (request) => ok(await refuseCommunity(request.db, requireStaff(request).id, request.body, now()), '已驳回，已通知负责人'),
  );
}
