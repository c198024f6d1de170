import { call, resource } from '../call';
import { pageOf } from '../common';
import { adminConsultation, consultationListBody, consultationReplyBody } from './admin-schemas';

/** 后台 → 访客咨询 (sales): the visitors' questions and their one answer. */
export const adminConsultations = resource('adminConsultations', {
  list: call({
    method: 'POST',
    path: '/api/admin/growth/consultation/list',
    who: ['sales'],
    summary: '访客咨询列表',
    description: '新到旧，可只看待回复或已回复，按姓名、电话、单位、内容搜索。',
    body: consultationListBody,
    data: pageOf(adminConsultation),
  }),
  reply: call({
    method: 'POST',
    path: '/api/admin/growth/consultation/reply',
    who: ['sales'],
    summary: '回复访客咨询',
    description: '每条咨询只能回复一次；短信通知访客，是会员的还会收到站内信。',
    body: consultationReplyBody,
    data: adminConsultation,
    done: '回复已发送',
  }),
});
