import { call, resource } from '../call';
import { orderNoBody, orderSummaryView } from '../orders/schemas';
import { payBody, readyToPayView, settleBody, settlementListView, statementBody, statementExportQuery, statementView } from './schemas';

/** Paying orders, pay-after-test and settlement (个人中心 → 我的订单 / 结算中心). */
export const payment = resource('payment', {
  readyToPay: call({
    method: 'POST',
    path: '/api/auth/order/ready2pay',
    who: 'member',
    summary: '订单支付信息',
    description: '可用余额（本人和本人创建的团体）、优惠券及抵扣、能否测试后结算。',
    body: orderNoBody,
    data: readyToPayView,
  }),
  pay: call({
    method: 'POST',
    path: '/api/auth/order/pay',
    who: 'member',
    summary: '支付订单',
    description: '从本人或本人创建的团体的余额支付，可选优惠券。',
    body: payBody,
    data: orderSummaryView,
    done: '支付成功',
  }),
  payLater: call({
    method: 'POST',
    path: '/api/auth/order/payLater',
    who: 'member',
    summary: '选择测试后结算',
    description: '符合条件的客户，在测试后结算额度内。',
    body: orderNoBody,
    data: orderSummaryView,
    done: '已选择测试后结算',
  }),
  settlementList: call({
    method: 'POST',
    path: '/api/auth/assign/settlementList',
    who: 'member',
    summary: '待结算订单',
    description: '待结算的订单、应付金额、额度和可用余额。',
    data: settlementListView,
  }),
  settle: call({
    method: 'POST',
    path: '/api/auth/assign/settlementOperatePlus',
    who: 'member',
    summary: '结算订单',
    description: '一次结算多个待结算订单，从本人或本人创建的团体的余额扣款。',
    body: settleBody,
    data: settlementListView,
    done: '结算成功',
  }),
  statement: call({
    method: 'POST',
    path: '/api/auth/assign/statement',
    who: 'member',
    summary: '对账单',
    description: '期间内的订单（已取消的不计）及应付、已付、未付；期间最长一年。导出 Excel 用 GET 同一地址。',
    body: statementBody,
    data: statementView,
  }),
  exportStatement: call({
    method: 'GET',
    path: '/api/auth/assign/statement',
    who: 'member',
    summary: '导出对账单',
    description: '对账单.xlsx（format=xlsx）。',
    query: statementExportQuery,
    data: 'file',
  }),
});
