import { call, resource } from '../call';
import { pageOf, pageQuery } from '../common';
import { orderAddBody, orderCancelBody, orderDetailView, orderedItemView, orderListBody, orderNoBody, orderPageView } from './schemas';

/** The member's orders (个人中心 → 我的订单): place from the plan, detail, lists, history, cancel. */
export const orders = resource('orders', {
  add: call({
    method: 'POST',
    path: '/api/auth/order/add',
    who: 'member',
    summary: '提交订单',
    description: '所选的实验计划行下单后离开计划；价格按目录现价由服务器计算；上门取样时同时预约取样。',
    body: orderAddBody,
    data: orderDetailView,
    done: '订单已提交',
  }),
  detail: call({ method: 'POST', path: '/api/auth/order/detail', who: 'member', summary: '订单详情', description: '他人的订单号答 404。', body: orderNoBody, data: orderDetailView }),
  list: call({
    method: 'POST',
    path: '/api/auth/order/list4person',
    who: 'member',
    summary: '我的订单列表',
    description: '按状态标签和筛选条件，新到旧；带 cursor 时按游标翻页，答复的 cursor 为下一页的游标（最后一页为 null）。',
    body: orderListBody,
    data: orderPageView,
  }),
  orderedItems: call({
    method: 'POST',
    path: '/api/auth/order/history4user',
    who: 'member',
    summary: '下单过的项目',
    description: '最近下单的在前，用于再次下单。',
    body: pageQuery,
    data: pageOf(orderedItemView),
  }),
  cancel: call({
    method: 'POST',
    path: '/api/auth/order/cancel',
    who: 'member',
    summary: '取消订单',
    description: '收样前可取消；已付款项原路退回。',
    body: orderCancelBody,
    data: orderDetailView,
    done: '订单已取消',
  }),
});
