import { z } from 'zod';
import { call, resource } from '../call';
import { pageOf, pageQuery } from '../common';
import { exchangeBody, exchangeItem, exchangeRecord, pointsApplication, pointsApplyBody, pointsEntry, pointsListBody, pointsOverview, pointsTransferBody } from './points-schemas';

/** 个人中心 → 我的积分: balance and history, the exchange catalogue, transfers and the paper award. */
export const points = resource('points', {
  overview: call({
    method: 'POST',
    path: '/api/auth/web/integration/init',
    who: 'member',
    summary: '我的积分概况',
    description: '余额、每元积分、累计获得与使用、待审核申请数，以及等待订单完成的待生效积分。',
    data: pointsOverview,
  }),
  entries: call({ method: 'POST', path: '/api/auth/web/integration/list', who: 'member', summary: '积分明细', description: '每一笔积分变动，新到旧。', body: pointsListBody, data: pageOf(pointsEntry) }),
  exchangeItems: call({
    method: 'POST',
    path: '/api/auth/web/integration/list4exchange',
    who: 'member',
    summary: '积分兑换商品',
    description: '上架中的优惠券和礼品，含剩余库存和我现在能否兑换。',
    data: z.array(exchangeItem),
  }),
  apply: call({
    method: 'POST',
    path: '/api/auth/integration/apply',
    who: 'member',
    summary: '申请论文致谢奖励积分',
    description: '同一论文审核中或已奖励时不能重复申请；由客服审核后发放积分。',
    body: pointsApplyBody,
    data: pointsApplication,
    done: '申请已提交，请等待审核',
  }),
  applications: call({ method: 'POST', path: '/api/auth/integration/applications', who: 'member', summary: '我的致谢奖励申请', description: '新到旧。', body: pageQuery, data: pageOf(pointsApplication) }),
  transfer: call({
    method: 'POST',
    path: '/api/auth/integration/transfer',
    who: 'member',
    summary: '转赠积分',
    description: '对方须手机号与资料中的姓名都对上；手机号未注册和姓名不符答同一句话。答复转赠后的我的积分概况。',
    body: pointsTransferBody,
    data: pointsOverview,
    done: '转赠成功',
  }),
  exchange: call({
    method: 'POST',
    path: '/api/auth/integration/applyExchange',
    who: 'member',
    summary: '积分兑换',
    description: '积分和库存一次扣减；优惠券立即发到账户，礼品寄往所选收货地址（address_rid 必填）。',
    body: exchangeBody,
    data: exchangeRecord,
    done: '兑换成功',
  }),
  exchanges: call({ method: 'POST', path: '/api/auth/integration/exchanges', who: 'member', summary: '我的兑换记录', description: '新到旧。', body: pageQuery, data: pageOf(exchangeRecord) }),
});
