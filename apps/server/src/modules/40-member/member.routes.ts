import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  adminSamplingListBody,
  communityAddBody,
  communityAgreeBody,
  communityApplyBody,
  communityEditBody,
  communityJoinedBody,
  communityMemberBody,
  communityRidBody,
  communitySearchBody,
  communitySearchUserBody,
  profileAttestBody,
  recycleAddBody,
  recycleListBody,
  samplingAddBody,
  samplingListBody,
  samplingRidBody,
  updateContactBody,
  updateInfoBody,
} from '@lab/contract';
import type { AppDeps } from '../../platform/deps';
import { ok } from '../../platform/envelope';
import { requireMemberId, requireStaff } from '../10-accounts/auth-guard';
import { audit } from '../../platform/audit';
import { samplingAudit } from './sampling.audit';
import { attestProfile, getMemberHomeData, getProfile, updateMemberContact, updateMemberInfo } from './profile.service';
import { getUserInfo } from './user-info.service';
import { addRecycle, addSampling, cancelSampling, collectSampling, listRecycles, listSamplings, listSamplingsForDay } from './sampling.service';
import {
  addCommunityMember,
  applyToCommunity,
  createCommunity,
  decideApplication,
  dissolveCommunity,
  editCommunity,
  getCommunity,
  listJoined,
  listMyCommunities,
  removeCommunityMember,
  searchCommunities,
  searchUserForCommunity,
  transferCommunity,
} from './communities.service';

/** The member area under /api/auth (member token) and the pickup desk under /api/admin. */
export async function memberRoutes(app: FastifyInstance, deps: AppDeps) {
  const { db, clock } = deps;
  const r = app.withTypeProvider<ZodTypeProvider>();
  const now = () => clock.now();

  // the account, addresses and attestation in one answer (user/info)
  r.post('/api/auth/user/info', async (request) => ok(await getUserInfo(db, requireMemberId(request))));

  // ---- profile ----
  r.post('/api/auth/user/update4profile', { schema: { body: profileAttestBody } }, async (request) =>
    ok(await attestProfile(db, requireMemberId(request), request.body, now()), '操作成功!'),
  );
  r.post('/api/auth/user/profile', async (request) => ok(await getProfile(db, requireMemberId(request))));
  r.post('/api/auth/user/updateInfo', { schema: { body: updateInfoBody } }, async (request) => {
    await updateMemberInfo(db, requireMemberId(request), request.body);
    return ok(null, '操作成功!');
  });
  r.post('/api/auth/user/update4contact', { schema: { body: updateContactBody } }, async (request) => {
    await updateMemberContact(db, requireMemberId(request), request.body);
    return ok(null, '操作成功!');
  });
  r.post('/api/auth/web/home/data', async (request) => ok(await getMemberHomeData(db, requireMemberId(request), now())));

  // ---- home pickup and samples back ----
  r.post('/api/auth/sampling/add', { schema: { body: samplingAddBody } }, async (request) =>
    ok(await addSampling(db, requireMemberId(request), request.body, now()), '提交成功!'),
  );
  r.post('/api/auth/sampling/list', { schema: { body: samplingListBody } }, async (request) =>
    ok(await listSamplings(db, requireMemberId(request), request.body)),
  );
  r.post('/api/auth/sampling/cancel', { schema: { body: samplingRidBody } }, async (request) =>
    ok(await cancelSampling(db, requireMemberId(request), request.body.rid, now()), '已取消预约'),
  );
  r.post('/api/auth/sample4recycle/add', { schema: { body: recycleAddBody } }, async (request) =>
    ok(await addRecycle(db, requireMemberId(request), request.body, now()), '提交成功!'),
  );
  r.post('/api/auth/sample4recycle/list4person', { schema: { body: recycleListBody } }, async (request) =>
    ok(await listRecycles(db, requireMemberId(request), request.body)),
  );
  r.post('/api/admin/sampling/list', { schema: { body: adminSamplingListBody }, config: { roles: ['lab', 'sales'], readOnly: true } }, async (request) =>
    ok(await listSamplingsForDay(db, request.body.date, request.body.status)),
  );
  r.post(
    '/api/admin/sampling/collect',
    { schema: { body: samplingRidBody }, config: { roles: ['lab', 'sales'], audit: audit<{ rid: string }>(samplingAudit, 'sampling.collect', '标记已取样', (body) => body.rid) } },
    async (request) => ok(await collectSampling(request.db, requireStaff(request).id, request.body.rid, now()), '已标记为已取样'),
  );

  // ---- communities (cluster) ----
  r.post('/api/auth/cluster/add', { schema: { body: communityAddBody } }, async (request) =>
    ok(await createCommunity(db, requireMemberId(request), request.body, now()), '创建成功'),
  );
  r.post('/api/auth/cluster/edit', { schema: { body: communityEditBody } }, async (request) =>
    ok(await editCommunity(db, requireMemberId(request), request.body, now()), '操作成功!'),
  );
  r.post('/api/auth/cluster/del', { schema: { body: communityRidBody } }, async (request) => {
    await dissolveCommunity(db, requireMemberId(request), request.body.rid, now());
    return ok(null, '团体已解散');
  });
  r.post('/api/auth/cluster/info', { schema: { body: communityRidBody } }, async (request) =>
    ok(await getCommunity(db, requireMemberId(request), request.body.rid)),
  );
  r.post('/api/auth/cluster/search4user', { schema: { body: communitySearchUserBody } }, async (request) =>
    ok(await searchUserForCommunity(db, requireMemberId(request), request.body.rid, request.body.phone)),
  );
  r.post('/api/auth/cluster/add4user', { schema: { body: communityMemberBody } }, async (request) =>
    ok(await addCommunityMember(db, requireMemberId(request), request.body.rid, request.body.member_rid, now()), '添加成功'),
  );
  r.post('/api/auth/cluster/delete4user', { schema: { body: communityMemberBody } }, async (request) =>
    ok(await removeCommunityMember(db, requireMemberId(request), request.body.rid, request.body.member_rid, now()), '已移出团体'),
  );
  r.post('/api/auth/cluster/transfer', { schema: { body: communityMemberBody } }, async (request) =>
    ok(await transferCommunity(db, requireMemberId(request), request.body.rid, request.body.member_rid, now()), '转让成功'),
  );
  r.post('/api/auth/cluster/search', { schema: { body: communitySearchBody } }, async (request) =>
    ok(await searchCommunities(db, requireMemberId(request), request.body)),
  );
  r.post('/api/auth/cluster/apply', { schema: { body: communityApplyBody } }, async (request) =>
    ok(await applyToCommunity(db, requireMemberId(request), request.body.rid, request.body.message, now()), '申请已提交，请等待团体负责人审核'),
  );
  r.post('/api/auth/cluster/joined', { schema: { body: communityJoinedBody } }, async (request) =>
    ok(await listJoined(db, requireMemberId(request), request.body)),
  );
  r.post('/api/auth/cluster/all', async (request) => ok(await listMyCommunities(db, requireMemberId(request))));
  r.post('/api/auth/cluster/agree', { schema: { body: communityAgreeBody } }, async (request) =>
    ok(
      await decideApplication(db, requireMemberId(request), request.body.rid, request.body.member_rid, request.body.agree, now()),
      request.body.agree ? '已同意加入' : '已拒绝申请',
    ),
  );
}
