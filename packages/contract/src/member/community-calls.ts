import { z } from 'zod';
import { call, resource } from '../call';
import { pageOf } from '../common';
import { communityAddBody, communityAgreeBody, communityApplyBody, communityDetail, communityEditBody, communityJoinedBody, communityMember, communityMemberBody, communityRidBody, communitySearchBody, communitySearchUserBody, communitySummary, communityUserHit } from './community-schemas';

/** Research communities (个人中心 → 科研团体): the owner runs one, members apply to join. */
export const communities = resource('communities', {
  add: call({
    method: 'POST',
    path: '/api/auth/cluster/add',
    who: 'member',
    summary: '创建科研团体',
    description: '只有认证为老师的会员可以创建；创建后待实验室审核，通过后其他会员才能搜索到。',
    body: communityAddBody,
    data: communitySummary,
    done: '创建成功',
  }),
  edit: call({ method: 'POST', path: '/api/auth/cluster/edit', who: 'member', summary: '修改科研团体', description: '仅负责人。', body: communityEditBody, data: communitySummary, done: '操作成功!' }),
  dissolve: call({ method: 'POST', path: '/api/auth/cluster/del', who: 'member', summary: '解散科研团体', description: '仅负责人；团体预存款有余额时不能解散。', body: communityRidBody, data: z.null(), done: '团体已解散' }),
  detail: call({ method: 'POST', path: '/api/auth/cluster/info', who: 'member', summary: '科研团体详情', description: '成员和入团申请只对负责人列出（其他人 members 为 null）。', body: communityRidBody, data: communityDetail }),
  searchUser: call({
    method: 'POST',
    path: '/api/auth/cluster/search4user',
    who: 'member',
    summary: '按手机号查找会员',
    description: '仅负责人；不在负责人任一团体中的会员，姓名和单位打码显示。',
    body: communitySearchUserBody,
    data: communityUserHit,
  }),
  addMember: call({ method: 'POST', path: '/api/auth/cluster/add4user', who: 'member', summary: '添加团体成员', description: '仅负责人；答复团体的成员列表。', body: communityMemberBody, data: z.array(communityMember), done: '添加成功' }),
  removeMember: call({ method: 'POST', path: '/api/auth/cluster/delete4user', who: 'member', summary: '移出团体成员', description: '仅负责人；答复团体的成员列表。', body: communityMemberBody, data: z.array(communityMember), done: '已移出团体' }),
  transfer: call({ method: 'POST', path: '/api/auth/cluster/transfer', who: 'member', summary: '转让科研团体', description: '仅负责人，只能转给已加入且认证为老师的成员。', body: communityMemberBody, data: communitySummary, done: '转让成功' }),
  search: call({ method: 'POST', path: '/api/auth/cluster/search', who: 'member', summary: '搜索科研团体', description: '按团体名称、单位或负责人姓名搜索已通过审核的团体。', body: communitySearchBody, data: pageOf(communitySummary) }),
  apply: call({
    method: 'POST',
    path: '/api/auth/cluster/apply',
    who: 'member',
    summary: '申请加入科研团体',
    body: communityApplyBody,
    data: communitySummary,
    done: '申请已提交，请等待团体负责人审核',
  }),
  joined: call({ method: 'POST', path: '/api/auth/cluster/joined', who: 'member', summary: '我加入的科研团体', description: '在他人团体中的成员身份和申请，任何状态，可按状态筛选。', body: communityJoinedBody, data: pageOf(communitySummary) }),
  mine: call({ method: 'POST', path: '/api/auth/cluster/all', who: 'member', summary: '我的科研团体', description: '我负责的（在前）和已加入的团体。', data: z.array(communitySummary) }),
  decide: call({
    method: 'POST',
    path: '/api/auth/cluster/agree',
    who: 'member',
    summary: '审核入团申请',
    description: '仅负责人；agree 为 1 同意、0 拒绝。答复团体的成员列表，提示为「已同意加入」或「已拒绝申请」。',
    body: communityAgreeBody,
    data: z.array(communityMember),
  }),
});
