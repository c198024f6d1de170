import { z } from 'zod';
import { call, resource } from '../call';
import { pageOf } from '../common';
import { auditAction, auditEntry, auditIdBody, auditListBody } from './audit-log-schemas';

/** 系统管理 → 操作日志 (admin): every audited staff action, who, when, before and after. */
export const auditLog = resource('auditLog', {
  list: call({
    method: 'POST',
    path: '/api/admin/audit/list',
    who: ['admin'],
    summary: '操作日志',
    description: '按员工、对象类型、操作、对象编号与日期（实验室所在时区）筛选，从新到旧；请求中的密码、令牌等字段已打码。',
    body: auditListBody,
    data: pageOf(auditEntry),
  }),
  detail: call({ method: 'POST', path: '/api/admin/audit/detail', who: ['admin'], summary: '操作日志详情', body: auditIdBody, data: auditEntry }),
  actions: call({ method: 'POST', path: '/api/admin/audit/actions', who: ['admin'], summary: '可筛选的操作类型', description: '服务器记录操作日志的全部操作，按操作键排序。', data: z.array(auditAction) }),
});
