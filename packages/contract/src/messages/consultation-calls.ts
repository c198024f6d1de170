import { call, resource } from '../call';
import { pageOf, pageQuery } from '../common';
import { consultAddBody, consultFollowUpBody, consultationSummary, consultationThread, consultRidBody } from './schemas';

/** 个人中心 → 我的咨询: the member's consultations, each a thread with the lab's sales. */
export const consultations = resource('consultations', {
  list: call({
    method: 'POST',
    path: '/api/auth/consult/list',
    who: 'member',
    summary: '我的咨询',
    description: '最近有新留言的在前；包括登录后或用本人手机号在「在线咨询」提交的咨询。',
    body: pageQuery,
    data: pageOf(consultationSummary),
  }),
  detail: call({
    method: 'POST',
    path: '/api/auth/consult/detail',
    who: 'member',
    summary: '一条咨询的全部留言',
    description: '按时间先后；别人的咨询答 404。',
    body: consultRidBody,
    data: consultationThread,
  }),
  add: call({
    method: 'POST',
    path: '/api/auth/consult/add',
    who: 'member',
    summary: '发起咨询',
    description: '姓名与手机号取自会员资料；同时待回复的咨询最多 5 条。',
    body: consultAddBody,
    data: consultationThread,
    done: '咨询已提交',
  }),
  reply: call({
    method: 'POST',
    path: '/api/auth/consult/reply',
    who: 'member',
    summary: '在咨询中留言',
    description: '咨询回到「待回复」；已关闭的咨询由此重新打开。客服回复前最多连续留言 10 条。',
    body: consultFollowUpBody,
    data: consultationThread,
    done: '留言已发送',
  }),
});
