import { z } from 'zod';
import { call, resource } from '../call';
import { pageOf } from '../common';
import { adminClosureListBody, adminClosureRow, closeAccountBody, closeAccountResult, privacyExportQuery, privacyOverview } from './schemas';

/** 个人中心 → 个人信息与隐私 (PIPL art. 45 copy, art. 47 deletion / account closure). */
export const privacy = resource('privacy', {
  overview: call({
    method: 'POST',
    path: '/api/auth/privacy/overview',
    who: 'member',
    summary: '个人信息与隐私概览',
    description: '注销账号前的阻碍（进行中的订单、余额、待处理的申请…，每项一条原因）、积分余额、最近一次导出时间。',
    data: privacyOverview,
  }),
  exportData: call({
    method: 'GET',
    path: '/api/auth/privacy/export',
    who: 'member',
    summary: '下载我的个人信息副本',
    description: 'format=json（机器可读）或 xlsx（每部分一个工作表）。每小时最多 5 次，每次记入审计日志。',
    query: privacyExportQuery,
    data: 'file',
  }),
  sendCloseCode: call({
    method: 'POST',
    path: '/api/auth/privacy/close/code',
    who: 'member',
    summary: '发送注销账号验证码',
    description: '发送到本账号绑定的手机号。',
    data: z.null(),
    done: '验证码已发送',
  }),
  close: call({
    method: 'POST',
    path: '/api/auth/privacy/close',
    who: 'member',
    summary: '注销账号',
    description:
      '以短信验证码或登录密码确认。有任何阻碍时拒绝（409，列出全部原因）。成功后：无法再登录，所有登录状态失效，姓名、手机号、邮箱、地址、发票抬头、消息内容等个人信息删除或匿名化；订单、发票和资金流水作为会计档案保留 30 年，只显示“已注销用户#编号”。手机号可重新注册为新账号。',
    body: closeAccountBody,
    data: closeAccountResult,
    done: '账号已注销',
  }),
});

/** 客户服务 → 注销记录 (read-only). */
export const adminPrivacy = resource('adminPrivacy', {
  closures: call({
    method: 'POST',
    path: '/api/admin/privacy/closures',
    who: ['sales', 'finance'],
    summary: '注销记录',
    description: '会员自助注销的账号，按注销时间从新到旧；个人信息已删除，只剩编号。',
    body: adminClosureListBody,
    data: pageOf(adminClosureRow),
  }),
});
