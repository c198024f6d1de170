import { z } from 'zod';
import { call, resource } from '../call';
import { packTemplateSaveBody, packTemplateView } from './pack-template-schemas';

/** 系统 → 报销模板: the reimbursement pack's templates, kept by admin (content keeps texts the lab edits). */
export const adminPackTemplates = resource('adminPackTemplates', {
  list: call({ method: 'POST', path: '/api/admin/packTemplate/list', who: ['admin'], summary: '报销模板列表', description: '高校报销（通用）与创新券兑付：名称、报销要求与金额起点；未修改过的为内置默认值。', data: z.array(packTemplateView) }),
  save: call({
    method: 'POST',
    path: '/api/admin/packTemplate/save',
    who: ['admin'],
    summary: '保存报销模板',
    description: '名称、报销要求（会员在报销材料页看到）、合同金额起点（满此金额须附已签署的协议，以下附测试清单）与付款证明金额起点（满此金额须附付款证明），金额以元为单位。',
    body: packTemplateSaveBody,
    data: packTemplateView,
    done: '报销模板已保存',
  }),
});
