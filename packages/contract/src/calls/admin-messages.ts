import { call, resource } from '../call';
import { pageOf, pageQuery } from '../common';
import { announcementView, outboxEntry, outboxListBody } from '../admin';

/** 消息管理 (admin): the announcements sent and what the SMS and e-mail providers sent. */
export const adminMessages = resource('adminMessages', {
  announcements: call({
    method: 'POST',
    path: '/api/admin/messages/announcements',
    who: ['admin'],
    summary: '已发站内公告',
    description: '按发送时间从新到旧。',
    body: pageQuery,
    data: pageOf(announcementView),
  }),
  outbox: call({
    method: 'POST',
    path: '/api/admin/messages/outbox',
    who: ['admin'],
    summary: '短信与邮件发送记录',
    description: '按渠道、接收人、日期筛选，从新到旧；验证码一律以 ****** 显示。',
    body: outboxListBody,
    data: pageOf(outboxEntry),
  }),
});
