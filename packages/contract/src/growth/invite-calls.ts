import { call, resource } from '../call';
import { pageOf } from '../common';
import { invitee, inviteeOrder, inviteListBody, inviteOrderDetailBody, inviteOverview } from './invite-schemas';

/** 个人中心 → 邀请好友: my invite code, the members I invited and their paid orders. */
export const invites = resource('invites', {
  overview: call({
    method: 'POST',
    path: '/api/auth/web/invite/init',
    who: 'member',
    summary: '我的邀请概况',
    description: '邀请码与分享路径、已邀请人数、被邀请人注册所得；推广合伙人另有返利比例与冻结、可提现金额。',
    data: inviteOverview,
  }),
  list: call({
    method: 'POST',
    path: '/api/auth/web/invite/list',
    who: 'member',
    summary: '我邀请的会员',
    description: '新到旧；手机号只以掩码显示。',
    body: inviteListBody,
    data: pageOf(invitee),
  }),
  orders: call({
    method: 'POST',
    path: '/api/auth/web/invite/orderDetail',
    who: 'member',
    summary: '被邀请人的已付订单',
    description: '订单号掩码显示，附我在每单上的返利；不是我邀请的会员答 404。',
    body: inviteOrderDetailBody,
    data: pageOf(inviteeOrder),
  }),
});
