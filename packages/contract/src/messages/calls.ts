import { call, resource } from '../call';
import { pageOf } from '../common';
import { memberMessage, messageListBody, messageRidBody, noticeChannels, setNoticeChannelsBody, unreadCount } from './schemas';

/** 个人中心 → 站内消息 and the header's bell. */
export const messages = resource('messages', {
  list: call({ method: 'POST', path: '/api/auth/message/list', who: 'member', summary: '我的站内消息', description: '新到旧；unread=1 只看未读。', body: messageListBody, data: pageOf(memberMessage) }),
  unread: call({ method: 'POST', path: '/api/auth/message/unread', who: 'member', summary: '未读消息数', data: unreadCount }),
  read: call({
    method: 'POST',
    path: '/api/auth/message/read',
    who: 'member',
    summary: '标记消息已读',
    description: '首次阅读时间不变；别人的消息答 404。',
    body: messageRidBody,
    data: memberMessage,
  }),
  readAll: call({ method: 'POST', path: '/api/auth/message/readAll', who: 'member', summary: '全部标为已读', description: '答复未读数（0）。', data: unreadCount, done: '已全部标为已读' }),
  channels: call({
    method: 'POST',
    path: '/api/auth/message/channels',
    who: 'member',
    summary: '服务通知的接收方式',
    description: '已收样、已出数据、待支付等服务通知各自用短信、邮件、微信中的哪几种发送；未设置时绑定并关注公众号的用微信，否则用短信，有邮箱的另发邮件。站内消息总会保留。',
    data: noticeChannels,
  }),
  setChannels: call({
    method: 'POST',
    path: '/api/auth/message/channels/set',
    who: 'member',
    summary: '设置服务通知的接收方式',
    description: 'channels 为 sms、email、wechat 中至少一项（逗号分隔或数组）。选了微信但未绑定或已取消关注公众号时改发短信，通知不会丢失。',
    body: setNoticeChannelsBody,
    data: noticeChannels,
    done: '已保存通知方式',
  }),
});
