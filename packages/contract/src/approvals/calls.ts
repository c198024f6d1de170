import { z } from 'zod';
import { call, resource } from '../call';
import { pageOf } from '../common';
import { adminApproval, approvalCounts, approvalLimit, approvalLimitBody, approvalListBody, approvalRejectBody, approvalRidBody, approvalWithdrawBody } from './schemas';

/**
 * 待审批 (maker-checker): every role sees the list (the lab files refunds too); who may decide
 * one is the server's rule, told per request in canApprove / canReject / canWithdraw.
 */
export const approvals = resource('approvals', {
  list: call({
    method: 'POST',
    path: '/api/admin/approvals/list',
    who: 'staff',
    summary: '审批申请列表',
    description: 'scope=todo：我可审批的待审批申请；scope=mine：我提交的；另可按状态、类型筛选，从新到旧。',
    body: approvalListBody,
    data: pageOf(adminApproval),
  }),
  counts: call({ method: 'POST', path: '/api/admin/approvals/counts', who: 'staff', summary: '待我审批与我提交待审批的数量', data: approvalCounts }),
  detail: call({ method: 'POST', path: '/api/admin/approvals/detail', who: 'staff', summary: '审批申请详情', body: approvalRidBody, data: adminApproval }),
  approve: call({
    method: 'POST',
    path: '/api/admin/approvals/approve',
    who: 'staff',
    summary: '审批通过并办理',
    description: '不能审批自己提交的申请；须为办理该类业务的角色且本人额度覆盖申请金额（管理员不限）。通过即按申请内容原样办理，办理失败则申请仍为待审批。',
    body: approvalRidBody,
    data: adminApproval,
    done: '已审批通过，已按申请内容办理',
  }),
  reject: call({
    method: 'POST',
    path: '/api/admin/approvals/reject',
    who: 'staff',
    summary: '驳回审批申请',
    description: '驳回不办理任何事项，故不受额度限制；须填写原因，提交人可见。',
    body: approvalRejectBody,
    data: adminApproval,
    done: '已驳回',
  }),
  withdraw: call({
    method: 'POST',
    path: '/api/admin/approvals/withdraw',
    who: 'staff',
    summary: '撤回自己的审批申请',
    description: '只能撤回本人提交且仍待审批的申请。',
    body: approvalWithdrawBody,
    data: adminApproval,
    done: '已撤回',
  }),
  limits: call({ method: 'POST', path: '/api/admin/approvals/limits', who: 'staff', summary: '各角色审批额度', description: 'limitFen 为 null 表示不限。', data: z.array(approvalLimit) }),
  saveLimit: call({
    method: 'POST',
    path: '/api/admin/approvals/limits/save',
    who: ['admin'],
    summary: '修改审批额度',
    description: '某角色某类业务的单笔上限：以元为单位的金额文本，"0" 表示一律需要审批，空表示不限。',
    body: approvalLimitBody,
    data: approvalLimit,
    done: '审批额度已保存',
  }),
});
