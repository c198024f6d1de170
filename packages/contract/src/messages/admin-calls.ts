import { call, resource } from '../call';
import { z } from 'zod';
import { pageOf, pageQuery } from '../common';
import { announcementView, saveWechatTemplateBody, wechatTemplateView, outboxEntry, outboxListBody, outboxResendBody, staffAlertIdBody, staffAlertListBody, staffAlertView } from './admin-schemas';

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
    description: '按渠道、状态（排队中、已发送、发送失败）、接收人、日期筛选，从新到旧；验证码一律以 ****** 显示。',
    body: outboxListBody,
    data: pageOf(outboxEntry),
  }),
  resend: call({
    method: 'POST',
    path: '/api/admin/messages/outbox/resend',
    who: ['admin'],
    summary: '重新发送',
    description: '发送失败（重试用尽）的短信或邮件重新排队发送；只对发送失败的记录有效。',
    body: outboxResendBody,
    data: outboxEntry,
    done: '已重新排队发送',
  }),
  alerts: call({
    method: 'POST',
    path: '/api/admin/messages/alerts',
    who: ['sales', 'lab', 'finance'],
    summary: '系统提醒',
    description: '后台任务发现的须处理事项（账户余额与流水不符、服务承诺即将到期、明天的上门取样），从新到旧；open=1 只看未处理的。管理员看全部，其他员工看发给本岗位的。',
    body: staffAlertListBody,
    data: pageOf(staffAlertView),
  }),
  handleAlert: call({
    method: 'POST',
    path: '/api/admin/messages/alerts/handle',
    who: ['sales', 'lab', 'finance'],
    summary: '标记提醒已处理',
    description: '管理员可处理全部提醒，其他员工只能处理发给本岗位的。',
    body: staffAlertIdBody,
    data: staffAlertView,
    done: '已标记为已处理',
  }),
  wechatTemplates: call({
    method: 'POST',
    path: '/api/admin/messages/wechatTemplates',
    who: ['admin'],
    summary: '公众号模板消息设置',
    description: '每种服务通知所用的模板ID与字段对应；未设置模板的通知不经微信发送（改发短信）。',
    data: z.array(wechatTemplateView),
  }),
  saveWechatTemplate: call({
    method: 'POST',
    path: '/api/admin/messages/wechatTemplates/save',
    who: ['admin'],
    summary: '保存公众号模板',
    description: 'fields 每行或以逗号分隔一项“模板字段=参数”，如 character_string1=orderNo；参数须为该通知的参数之一。模板ID留空即停用该通知的微信发送。',
    body: saveWechatTemplateBody,
    data: wechatTemplateView,
    done: '已保存模板设置',
  }),
});
