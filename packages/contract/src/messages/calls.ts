import { call, resource } from '../call';
import { pageOf } from '../common';
import { memberMessage, messageListBody, messageRidBody, unreadCount } from './schemas';

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
});
