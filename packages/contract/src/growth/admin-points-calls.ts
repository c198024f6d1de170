import { z } from 'zod';
import { gatedView } from '../approvals/schemas';
import { call, resource } from '../call';
import { pageOf } from '../common';
import { adminPointsDecisionBody } from './admin-decision-schemas';
import { adminExchangeItem, adminExchangeItemAddBody, adminExchangeItemEditBody, adminExchangeItemStatusBody, adminExchangeListBody, adminExchangeRecord, adminExchangeShipBody, adminPointsApplication, adminPointsApplicationListBody } from './admin-schemas';
import { exchangeRecord, pointsApplication } from './points-schemas';

/** 后台 → 客户服务 (sales): the paper-award applications, the exchange catalogue and the gifts to ship. */
export const adminPoints = resource('adminPoints', {
  applications: call({
    method: 'POST',
    path: '/api/admin/growth/points/applications',
    who: ['sales'],
    summary: '论文致谢奖励申请列表',
    description: '未指定状态时审核中的在前。',
    body: adminPointsApplicationListBody,
    data: pageOf(adminPointsApplication),
  }),
  approve: call({
    method: 'POST',
    path: '/api/admin/growth/points/approve',
    who: ['sales'],
    summary: '通过论文致谢奖励',
    description: '须填奖励积分，积分即时入账并通知会员；须带列表所示的版本号，申请之后有改动答 409。超出本人积分奖励额度（单笔、每日、每月或同一会员每月）时不发放，提交审批。',
    body: adminPointsDecisionBody,
    data: gatedView(pointsApplication),
    done: '已通过，积分已发放',
  }),
  refuse: call({
    method: 'POST',
    path: '/api/admin/growth/points/refuse',
    who: ['sales'],
    summary: '驳回论文致谢奖励',
    description: '须填原因并通知会员；须带列表所示的版本号。',
    body: adminPointsDecisionBody,
    data: pointsApplication,
    done: '已驳回',
  }),
  items: call({ method: 'POST', path: '/api/admin/growth/exchange/items', who: ['sales'], summary: '兑换商品列表', description: '全部兑换商品，上架的在前，含已兑换数量。', data: z.array(adminExchangeItem) }),
  addItem: call({
    method: 'POST',
    path: '/api/admin/growth/exchange/add',
    who: ['sales'],
    summary: '新增兑换商品',
    description: '优惠券类须选一个启用中的优惠券模板；未上传图片时用默认图。',
    body: adminExchangeItemAddBody,
    data: adminExchangeItem,
    done: '兑换商品已添加',
  }),
  editItem: call({
    method: 'POST',
    path: '/api/admin/growth/exchange/edit',
    who: ['sales'],
    summary: '修改兑换商品',
    description: '类型和优惠券模板不可改；总库存不能少于已兑换数量，留空为不限。',
    body: adminExchangeItemEditBody,
    data: adminExchangeItem,
    done: '兑换商品已保存',
  }),
  setItemActive: call({
    method: 'POST',
    path: '/api/admin/growth/exchange/status',
    who: ['sales'],
    summary: '上架/下架兑换商品',
    description: '下架后会员看不到也不能兑换，已有兑换记录不变。',
    body: adminExchangeItemStatusBody,
    data: adminExchangeItem,
  }),
  exchanges: call({
    method: 'POST',
    path: '/api/admin/growth/exchange/list',
    who: ['sales'],
    summary: '积分兑换记录',
    description: '未指定状态时待发货的在前。',
    body: adminExchangeListBody,
    data: pageOf(adminExchangeRecord),
  }),
  ship: call({
    method: 'POST',
    path: '/api/admin/growth/exchange/ship',
    who: ['sales'],
    summary: '兑换礼品发货',
    description: '待发货 → 已发货；物流信息随站内信告知会员。',
    body: adminExchangeShipBody,
    data: exchangeRecord,
    done: '已标记为发货',
  }),
});
