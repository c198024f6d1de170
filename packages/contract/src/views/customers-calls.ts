import { z } from 'zod';
import { consentRecord } from '../accounts/agreement-schemas';
import { call, resource } from '../call';
import { pageOf } from '../common';
import { memberCouponView } from '../funds/coupon-schemas';
import { adminMemberCouponsBody, adminMemberDetail, adminMemberLedger, adminMemberLedgerBody, adminMemberListBody, adminMemberOrder, adminMemberOrdersBody, adminMemberRidBody, adminMemberRow } from '../member/admin-schemas';

/** customer managers run the customers; finance also looks members up (their money) */
const readers = ['sales', 'finance'] as const;

/**
 * The back office's customers (客户服务 → 会员): the list and one member's file — account,
 * orders, ledgers, coupons and consents over several areas, a view. Changing a member
 * (adviser, organisation, status) is the member area's adminMembers.
 */
export const adminCustomers = resource('adminCustomers', {
  list: call({
    method: 'POST',
    path: '/api/admin/member/list',
    who: readers,
    summary: '会员列表',
    description: '关键词查手机号、姓名、昵称或单位；可按用户类型、认证状态、客户经理（me 为自己的客户）、账号状态和注册日期筛选。',
    body: adminMemberListBody,
    data: pageOf(adminMemberRow),
  }),
  detail: call({
    method: 'POST',
    path: '/api/admin/member/detail',
    who: readers,
    summary: '会员详情',
    description: '账号、客户经理、资料认证、地址、订单概况、资金、所在团体和推广合伙人申请。',
    body: adminMemberRidBody,
    data: adminMemberDetail,
  }),
  orders: call({ method: 'POST', path: '/api/admin/member/orders', who: readers, summary: '会员的订单', description: '新到旧。', body: adminMemberOrdersBody, data: pageOf(adminMemberOrder) }),
  ledger: call({
    method: 'POST',
    path: '/api/admin/member/ledger',
    who: readers,
    summary: '会员的账户明细',
    description: 'kind：prestore 预存款（默认）、points 积分、rebate 返利；新到旧，带账户当前余额。',
    body: adminMemberLedgerBody,
    data: adminMemberLedger,
  }),
  consents: call({ method: 'POST', path: '/api/admin/member/consents', who: readers, summary: '会员的同意记录', description: '注册时、协议更新后对用户协议和隐私政策的同意，营销短信的开启和撤回；新在前。', body: adminMemberRidBody, data: z.array(consentRecord) }),
  coupons: call({ method: 'POST', path: '/api/admin/member/coupons', who: readers, summary: '会员的优惠券', description: '任何状态，新到旧。', body: adminMemberCouponsBody, data: pageOf(memberCouponView) }),
});
