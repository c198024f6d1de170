import { z } from 'zod';
import { call, resource } from '../call';
import { pageOf } from '../common';
import { staffAccount, staffAddBody, staffIdBody, staffListBody, staffName, staffPasswordBody, staffStatusBody, staffTotpReset, staffUpdateBody } from './staff-schemas';

/** 系统管理 → 员工账号 (admin); the names are every role's (who handled what, the adviser picker). */
export const staff = resource('staff', {
  list: call({
    method: 'POST',
    path: '/api/admin/staff/list',
    who: ['admin'],
    summary: '员工账号列表',
    description: '按账号、姓名、手机号关键词与角色筛选，可按创建时间、最后登录时间、账号排序。',
    body: staffListBody,
    data: pageOf(staffAccount),
  }),
  names: call({ method: 'POST', path: '/api/admin/staff/names', who: 'staff', summary: '员工姓名列表', description: '启用的在前。', data: z.array(staffName) }),
  add: call({ method: 'POST', path: '/api/admin/staff/add', who: ['admin'], summary: '新增员工账号', body: staffAddBody, data: staffAccount, done: '员工账号已创建' }),
  update: call({ method: 'POST', path: '/api/admin/staff/update', who: ['admin'], summary: '修改员工资料与角色', description: '至少保留一名启用的管理员。', body: staffUpdateBody, data: staffAccount, done: '员工资料已保存' }),
  resetPassword: call({
    method: 'POST',
    path: '/api/admin/staff/password',
    who: ['admin'],
    summary: '重置员工密码',
    description: '该员工所有登录立即失效；演示账号随之不再是演示账号，其身份验证器也一并解绑。',
    body: staffPasswordBody,
    data: staffAccount,
    done: '密码已重置，该员工需重新登录',
  }),
  resetTotp: call({
    method: 'POST',
    path: '/api/admin/staff/totp/reset',
    who: ['admin'],
    summary: '重置员工身份验证器并发放绑定码',
    description:
      '解绑身份验证器并作废恢复码，该员工所有登录立即失效；答复一次性绑定码（只显示这一次，24小时内有效，只能用一次），该员工重新绑定时须输入。未绑定的管理员、财务账号也用此接口发放绑定码。',
    body: staffIdBody,
    data: staffTotpReset,
    done: '身份验证器已重置，请将绑定码当面或电话交给该员工',
  }),
  setStatus: call({
    method: 'POST',
    path: '/api/admin/staff/status',
    who: ['admin'],
    summary: '启用/停用员工账号',
    description: 'disabled=1 停用（所有登录立即失效），0 启用；不能停用自己，至少保留一名启用的管理员。',
    body: staffStatusBody,
    data: staffAccount,
  }),
});
