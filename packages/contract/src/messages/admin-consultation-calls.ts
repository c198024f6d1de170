import { call, resource } from '../call';
import { pageOf } from '../common';
import { adminConsultation, adminConsultationThread, consultationCounts, consultationIdBody, consultationListBody, consultationReplyBody } from './admin-schemas';

/** 后台 → 客户咨询 (sales): the customers' consultations, each a thread the lab answers any number of times. */
export const adminConsultations = resource('adminConsultations', {
  list: call({
    method: 'POST',
    path: '/api/admin/growth/consultation/list',
    who: ['sales'],
    summary: '客户咨询列表',
    description: '待回复的在前（等得最久的最先），其余按最后留言新到旧；可按状态筛选，按姓名、电话、单位、内容搜索。',
    body: consultationListBody,
    data: pageOf(adminConsultation),
  }),
  counts: call({
    method: 'POST',
    path: '/api/admin/growth/consultation/counts',
    who: ['sales'],
    summary: '待回复的咨询数',
    data: consultationCounts,
  }),
  detail: call({
    method: 'POST',
    path: '/api/admin/growth/consultation/detail',
    who: ['sales'],
    summary: '一条咨询的全部留言',
    body: consultationIdBody,
    data: adminConsultationThread,
  }),
  reply: call({
    method: 'POST',
    path: '/api/admin/growth/consultation/reply',
    who: ['sales'],
    summary: '回复客户咨询',
    description: '可多次回复，每次都通知客户：会员收到站内信并按其通知方式收到短信/邮件，访客收到短信。已关闭的咨询不能回复。',
    body: consultationReplyBody,
    data: adminConsultationThread,
    done: '回复已发送',
  }),
  close: call({
    method: 'POST',
    path: '/api/admin/growth/consultation/close',
    who: ['sales'],
    summary: '关闭咨询',
    description: '会员再次留言时重新打开。',
    body: consultationIdBody,
    data: adminConsultationThread,
    done: '咨询已关闭',
  }),
});
