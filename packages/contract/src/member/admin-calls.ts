import { z } from 'zod';
import { consentRecord } from '../accounts/agreement-schemas';
import { call, resource } from '../call';
import { pageOf } from '../common';
import { memberCouponView } from '../funds/coupon-schemas';
import { adminAttestation, adminAttestationApproveBody, adminAttestationListBody, adminAttestationRefuseBody, adminCommunity, adminCommunityApproveBody, adminCommunityListBody, adminCommunityRefuseBody } from './admin-review-schemas';
import { adminMemberAdviserBody, adminMemberCouponsBody, adminMemberDetail, adminMemberLedger, adminMemberLedgerBody, adminMemberListBody, adminMemberOrder, adminMemberOrdersBody, adminMemberOrganizationBody, adminMemberRidBody, adminMemberRow, adminMemberStatusBody } from './admin-schemas';

/** customer managers run the customers; finance also looks members up (their money) */
const readers = ['sales', 'finance'] as const;

/** Members in the back office (客户服务 → 会员). */
export const adminMembers = resource('adminMembers', {
  list: call({
    method: 'POST',
    path: '/api/admin/member/list',
    who: readers,
    summary: '会员列表',
    description: '关键词查手机号、姓名、昵称或单位；可按用户类型、认证状态、客户经理（me 为自己的客户）、账号状态和注册日期筛选。',
    body: adminMemberListBody,
    data: pageOf(adminMemberRow),
  }),
  detail: call({
    method: 'POST',
    path: '/api/admin/member/detail',
    who: readers,
    summary: '会员详情',
    description: '账号、客户经理、资料认证、地址、订单概况、资金、所在团体和推广合伙人申请。',
    body: adminMemberRidBody,
    data: adminMemberDetail,
  }),
  orders: call({ method: 'POST', path: '/api/admin/member/orders', who: readers, summary: '会员的订单', description: '新到旧。', body: adminMemberOrdersBody, data: pageOf(adminMemberOrder) }),
  ledger: call({
    method: 'POST',
    path: '/api/admin/member/ledger',
    who: readers,
    summary: '会员的账户明细',
    description: 'kind：prestore 预存款（默认）、points 积分、rebate 返利；新到旧，带账户当前余额。',
    body: adminMemberLedgerBody,
    data: adminMemberLedger,
  }),
  consents: call({ method: 'POST', path: '/api/admin/member/consents', who: readers, summary: '会员的同意记录', description: '注册时、协议更新后对用户协议和隐私政策的同意，营销短信的开启和撤回；新在前。', body: adminMemberRidBody, data: z.array(consentRecord) }),
  coupons: call({ method: 'POST', path: '/api/admin/member/coupons', who: readers, summary: '会员的优惠券', description: '任何状态，新到旧。', body: adminMemberCouponsBody, data: pageOf(memberCouponView) }),
  setAdviser: call({
    method: 'POST',
    path: '/api/admin/member/adviser',
    who: ['sales'],
    summary: '设置客户经理',
    description: 'adviser_id 为在职的客户经理；留空则取消。提示为「客户经理已设为…」或「已取消客户经理」。',
    body: adminMemberAdviserBody,
    data: adminMemberRow,
  }),
  setOrganization: call({
    method: 'POST',
    path: '/api/admin/member/organization',
    who: ['sales'],
    summary: '设置用户类型',
    description: '客服认证老师、个人或企业（会员只能在线认证为学生）；类型变化时站内通知会员。',
    body: adminMemberOrganizationBody,
    data: adminMemberRow,
    done: '用户类型已更新',
  }),
  setStatus: call({
    method: 'POST',
    path: '/api/admin/member/status',
    who: ['sales'],
    summary: '停用或启用会员',
    description: 'disabled 为 1 停用：会员不能登录，已有登录立即全部失效；0 启用。',
    body: adminMemberStatusBody,
    data: adminMemberRow,
  }),
});

/** 资料认证 reviews (客户服务 → 资料认证). */
export const adminAttestations = resource('adminAttestations', {
  list: call({
    method: 'POST',
    path: '/api/admin/attestation/list',
    who: ['sales'],
    summary: '资料认证列表',
    description: '已提交的资料认证，可按审核状态筛选；默认先提交的在前。',
    body: adminAttestationListBody,
    data: pageOf(adminAttestation),
  }),
  approve: call({
    method: 'POST',
    path: '/api/admin/attestation/approve',
    who: ['sales'],
    summary: '通过资料认证',
    description: '只能审核待审核的认证；站内通知会员。',
    body: adminAttestationApproveBody,
    data: adminAttestation,
    done: '资料认证已通过，已通知会员',
  }),
  refuse: call({
    method: 'POST',
    path: '/api/admin/attestation/refuse',
    who: ['sales'],
    summary: '驳回资料认证',
    description: '须写明原因，原因站内通知会员；会员修改后可重新提交。',
    body: adminAttestationRefuseBody,
    data: adminAttestation,
    done: '已驳回，已通知会员',
  }),
});

/** 科研团体 reviews (客户服务 → 科研团体). */
export const adminCommunities = resource('adminCommunities', {
  list: call({
    method: 'POST',
    path: '/api/admin/community/list',
    who: ['sales'],
    summary: '科研团体审核列表',
    description: '可按审核状态和关键词（团体名称、单位、负责人姓名或手机号）筛选；默认先创建的在前。',
    body: adminCommunityListBody,
    data: pageOf(adminCommunity),
  }),
  approve: call({
    method: 'POST',
    path: '/api/admin/community/approve',
    who: ['sales'],
    summary: '通过科研团体',
    description: '通过后其他会员可以搜索并申请加入；站内通知负责人。',
    body: adminCommunityApproveBody,
    data: adminCommunity,
    done: '团体已通过审核，已通知负责人',
  }),
  refuse: call({
    method: 'POST',
    path: '/api/admin/community/refuse',
    who: ['sales'],
    summary: '驳回科研团体',
    description: '须写明原因，原因站内通知负责人。',
    body: adminCommunityRefuseBody,
    data: adminCommunity,
    done: '已驳回，已通知负责人',
  }),
});
