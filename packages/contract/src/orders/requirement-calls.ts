import { gatedView } from '../approvals/schemas';
import { call, resource } from '../call';
import { pageOf } from '../common';
import { adminQuoteBody, adminRequirementCloseBody, adminRequirementView, requirementAddBody, requirementFileQuery, requirementListBody, requirementRidBody, requirementView } from './requirement-schemas';

/** The member's testing requirements and the lab's quotes (/require, 个人中心 → 测试需求). */
export const requirements = resource('requirements', {
  add: call({
    method: 'POST',
    path: '/api/auth/demand/add',
    who: 'member',
    summary: '提交测试需求',
    description: '附件在提交后用 demand/file 逐个上传。',
    body: requirementAddBody,
    data: requirementView,
    done: '需求已提交，我们会尽快联系您',
  }),
  list: call({ method: 'POST', path: '/api/auth/demand/list', who: 'member', summary: '我的测试需求', description: '新到旧，含实验室的报价。', body: requirementListBody, data: pageOf(requirementView) }),
  detail: call({ method: 'POST', path: '/api/auth/demand/detail', who: 'member', summary: '测试需求详情', body: requirementRidBody, data: requirementView }),
  accept: call({
    method: 'POST',
    path: '/api/auth/demand/accept',
    who: 'member',
    summary: '接受报价',
    description: '报价的项目加入实验计划（按目录现价）。',
    body: requirementRidBody,
    data: requirementView,
    done: '报价已加入实验计划',
  }),
  cancel: call({
    method: 'POST',
    path: '/api/auth/demand/cancel',
    who: 'member',
    summary: '撤回测试需求',
    description: '待报价或已报价的需求可撤回。',
    body: requirementRidBody,
    data: requirementView,
    done: '需求已撤回',
  }),
  uploadFile: call({
    method: 'POST',
    path: '/api/auth/demand/file',
    who: 'member',
    summary: '上传需求附件',
    description: 'multipart：先 rid 字段，再一个文件（pdf/png/jpg/zip，最大 20 MB，每个需求最多 5 个）。',
    multipart: true,
    data: requirementView,
    done: '附件已上传',
  }),
  file: call({ method: 'GET', path: '/api/auth/demand/file', who: 'member', summary: '下载需求附件', query: requirementFileQuery, data: 'file' }),
});

/** 测试需求 in the back office: sales quote or close them. */
export const adminRequirements = resource('adminRequirements', {
  list: call({ method: 'POST', path: '/api/admin/demand/list', who: ['sales'], summary: '测试需求列表', description: '按状态，新到旧。', body: requirementListBody, data: pageOf(adminRequirementView) }),
  quote: call({
    method: 'POST',
    path: '/api/admin/demand/quote',
    who: ['sales'],
    summary: '测试需求报价',
    description:
      'lines 为 JSON：目录项目及选项，价格由服务器按目录计算；出具盖章报价单（有效 30 天），客户收到站内信和通知。合计超出本人报价盖章额度（单笔、每日、每月或同一客户每月）时不盖章、不发送，提交审批，另一位同事通过后才出具。',
    body: adminQuoteBody,
    data: gatedView(adminRequirementView),
    done: '报价已发送',
  }),
  close: call({
    method: 'POST',
    path: '/api/admin/demand/close',
    who: ['sales'],
    summary: '关闭测试需求',
    description: '原因会告知客户。',
    body: adminRequirementCloseBody,
    data: adminRequirementView,
    done: '需求已关闭',
  }),
  file: call({ method: 'GET', path: '/api/admin/demand/file', who: ['sales'], summary: '下载需求附件', query: requirementFileQuery, data: 'file' }),
});
