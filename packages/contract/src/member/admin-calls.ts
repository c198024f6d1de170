import { call, resource } from '../call';
import { pageOf } from '../common';
import { adminAttestation, adminAttestationApproveBody, adminAttestationListBody, adminAttestationRefuseBody, adminCommunity, adminCommunityApproveBody, adminCommunityListBody, adminCommunityRefuseBody } from './admin-review-schemas';
import { adminTeacherApproveBody, adminTeacherRefuseBody, adminTeacherRequest, adminTeacherRequestListBody } from './teacher-schemas';
import { adminMemberAdviserBody, adminMemberOrganizationBody, adminMemberRow, adminMemberStatusBody } from './admin-schemas';

/** Members in the back office (客户服务 → 会员). */
export const adminMembers = resource('adminMembers', {
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

/** 老师认证申请 (客户服务 → 资料认证 → 老师认证申请). */
export const adminTeacherRequests = resource('adminTeacherRequests', {
  list: call({
    method: 'POST',
    path: '/api/admin/teacher/list',
    who: ['sales'],
    summary: '老师认证申请列表',
    description: '会员的老师认证申请，可按审核状态筛选；默认先提交的在前。',
    body: adminTeacherRequestListBody,
    data: pageOf(adminTeacherRequest),
  }),
  approve: call({
    method: 'POST',
    path: '/api/admin/teacher/approve',
    who: ['sales'],
    summary: '通过老师认证申请',
    description: '只能审核审核中的申请；会员的用户类型改为老师，站内通知会员。',
    body: adminTeacherApproveBody,
    data: adminTeacherRequest,
    done: '已认证为老师，已通知会员',
  }),
  refuse: call({
    method: 'POST',
    path: '/api/admin/teacher/refuse',
    who: ['sales'],
    summary: '驳回老师认证申请',
    description: '须写明原因，原因站内通知会员；会员可再次申请。',
    body: adminTeacherRefuseBody,
    data: adminTeacherRequest,
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
