import { z } from 'zod';
import { call, resource } from '../call';
import { pageOf, pageQuery } from '../common';
import { couponClaimBody, couponListBody, couponTemplateView, memberCouponView, promotionView } from './coupon-schemas';
import { creditInfoView, creditOperateBody } from './credit-schemas';
import { invoiceApplicationView, invoiceApplyAddBody, invoiceApplyEditBody, invoiceApplyListBody, invoiceApplyRidBody, invoiceOnlineSourceView, invoiceTitleAddBody, invoiceTitleEditBody, invoiceTitleRidBody, invoiceTitleView } from './invoice-schemas';
import { prestoreAddBody, prestoreApplicationView, prestoreEditBody, prestoreListBody, prestoreReadyBody, prestoreReadyView, prestoreRidBody, prestoreRulesView } from './prestore-schemas';
import { assetCountsView, assetDetailView, assetOverviewView, balanceExportQuery, balanceHistoryBody, balanceHistoryView, fileRidQuery } from './schemas';
import { transferAddBody, transferApplicationView, transferListBody, transferRidBody } from './transfer-schemas';

const member = 'member' as const;
const prestorePage = pageOf(prestoreApplicationView);
const invoicePage = pageOf(invoiceApplicationView);

/**
 * A member's money (个人中心 → 我的资产): prepaid funds (预存) and their balance history,
 * transfers with a community they own, coupons, invoice titles and applications, credit.
 * Amounts sent are yuan text; amounts answered are integer fen.
 */
export const funds = resource('funds', {
  // ---- 预存 ----
  prestoreRules: call({ method: 'POST', path: '/api/auth/prestore/rule', who: member, summary: '预存规则与收款账户', data: prestoreRulesView }),
  prestoreQuote: call({
    method: 'POST',
    path: '/api/auth/prestoreApply/readyPayNum',
    who: member,
    summary: '预存试算',
    description: '预存规则与收款账户；给出金额时另算出可得的赠送金额（按达到的最高档）。',
    body: prestoreReadyBody,
    data: prestoreReadyView,
  }),
  prestoreAdd: call({
    method: 'POST',
    path: '/api/auth/prestoreApply/add',
    who: member,
    summary: '提交预存申请',
    description: '可为自己名下的科研团体预存（community_rid）。提交后按页面所示对公账户转账，财务确认到账后入账。',
    body: prestoreAddBody,
    data: prestoreApplicationView,
    done: '预存申请已提交，请按页面所示账户转账',
  }),
  prestoreEdit: call({ method: 'POST', path: '/api/auth/prestoreApply/edit', who: member, summary: '修改预存申请', description: '仅待确认到账的申请可改。', body: prestoreEditBody, data: prestoreApplicationView, done: '操作成功!' }),
  prestoreCancel: call({ method: 'POST', path: '/api/auth/prestoreApply/cancel', who: member, summary: '取消预存申请', body: prestoreRidBody, data: prestoreApplicationView, done: '预存申请已取消' }),
  prestoreDetail: call({ method: 'POST', path: '/api/auth/prestoreApply/listPrestoreDetail', who: member, summary: '预存申请详情', body: prestoreRidBody, data: prestoreApplicationView }),
  prestoreList: call({ method: 'POST', path: '/api/auth/prestore/list', who: member, summary: '预存申请列表', body: prestoreListBody, data: prestorePage }),
  receiptUpload: call({
    method: 'POST',
    path: '/api/auth/prestoreApply/receipt',
    who: member,
    summary: '上传转账凭证',
    description: 'multipart：字段 rid（预存单号）与一个文件（png、jpg 或 pdf，最大 10 MB）；再次上传替换原凭证。',
    multipart: true,
    data: prestoreApplicationView,
    done: '凭证已上传',
  }),
  receipt: call({ method: 'GET', path: '/api/auth/prestoreApply/receipt', who: member, summary: '下载转账凭证', query: fileRidQuery, data: 'file' }),
  balanceHistory: call({
    method: 'POST',
    path: '/api/auth/prestore/balanceHistory',
    who: member,
    summary: '余额明细',
    description: '自己的预存款账户，或自己名下科研团体的账户（community_rid）；可按类型与日期（上海时间）筛选。',
    body: balanceHistoryBody,
    data: balanceHistoryView,
  }),
  balanceExport: call({ method: 'GET', path: '/api/auth/prestore/export', who: member, summary: '导出余额明细', description: '筛选同余额明细；format 为 xlsx（默认）或 csv。', query: balanceExportQuery, data: 'file' }),

  // ---- 团体转账 ----
  transferAdd: call({
    method: 'POST',
    path: '/api/auth/transferApply/add',
    who: member,
    summary: '提交团体转账',
    description: '在自己与自己名下的科研团体之间划转预存款；超过审核额度的须财务审核，其余即时到账（msg 说明是哪一种）。',
    body: transferAddBody,
    data: transferApplicationView,
  }),
  transferList: call({ method: 'POST', path: '/api/auth/transferApply/list', who: member, summary: '团体转账列表', body: transferListBody, data: pageOf(transferApplicationView) }),
  transferDetail: call({ method: 'POST', path: '/api/auth/transferApply/detail', who: member, summary: '团体转账详情', body: transferRidBody, data: transferApplicationView }),
  transferCancel: call({ method: 'POST', path: '/api/auth/transferApply/cancel', who: member, summary: '取消团体转账', body: transferRidBody, data: transferApplicationView, done: '转账申请已取消' }),

  // ---- 资产 ----
  assets: call({ method: 'POST', path: '/api/auth/asset/init', who: member, summary: '我的资产', data: assetOverviewView }),
  assetDetail: call({ method: 'POST', path: '/api/auth/asset/detail', who: member, summary: '我的资产与最近明细', description: '资产概览与最近 10 条余额明细。', data: assetDetailView }),
  assetCounts: call({ method: 'POST', path: '/api/auth/asset/all4num', who: member, summary: '个人中心角标', data: assetCountsView }),
  invoiceHistory: call({ method: 'POST', path: '/api/auth/asset/invoiceHistory', who: member, summary: '已开发票', body: pageQuery, data: invoicePage }),

  // ---- 优惠券 ----
  claimableCoupons: call({ method: 'POST', path: '/api/auth/discount4user/list4all', who: member, summary: '可领取的优惠券', data: z.array(couponTemplateView) }),
  claimCoupon: call({ method: 'POST', path: '/api/auth/discount4user/add', who: member, summary: '领取优惠券', body: couponClaimBody, data: memberCouponView, done: '领取成功' }),
  myCoupons: call({ method: 'POST', path: '/api/auth/discount4user/all', who: member, summary: '我的优惠券', body: couponListBody, data: pageOf(memberCouponView) }),
  promotions: call({ method: 'POST', path: '/api/auth/promotion/all4user', who: member, summary: '优惠活动', data: z.array(promotionView) }),

  // ---- 发票抬头 ----
  titleList: call({ method: 'POST', path: '/api/auth/invoice/list', who: member, summary: '发票抬头列表', description: '默认抬头在前。', data: z.array(invoiceTitleView) }),
  titleAdd: call({ method: 'POST', path: '/api/auth/invoice/add', who: member, summary: '新增发票抬头', description: '单位抬头须填税号；最多 20 个。', body: invoiceTitleAddBody, data: invoiceTitleView, done: '操作成功!' }),
  titleEdit: call({ method: 'POST', path: '/api/auth/invoice/edit', who: member, summary: '修改发票抬头', body: invoiceTitleEditBody, data: invoiceTitleView, done: '操作成功!' }),
  titleRemove: call({ method: 'POST', path: '/api/auth/invoice/del', who: member, summary: '删除发票抬头', body: invoiceTitleRidBody, data: z.null(), done: '删除成功' }),
  titleDefault: call({ method: 'POST', path: '/api/auth/invoice/default', who: member, summary: '设为默认抬头', body: invoiceTitleRidBody, data: z.null(), done: '已设为默认抬头' }),

  // ---- 开票申请 ----
  invoiceAdd: call({
    method: 'POST',
    path: '/api/auth/invoiceApply/add',
    who: member,
    summary: '提交开票申请',
    description: '为已到账的预存开一张发票；纸质发票须填邮寄信息，专用发票须完整的单位抬头。',
    body: invoiceApplyAddBody,
    data: invoiceApplicationView,
    done: '开票申请已提交',
  }),
  invoiceEdit: call({ method: 'POST', path: '/api/auth/invoiceApply/edit', who: member, summary: '修改开票申请', description: '仅待开票的申请可改。', body: invoiceApplyEditBody, data: invoiceApplicationView, done: '操作成功!' }),
  invoiceDetail: call({ method: 'POST', path: '/api/auth/invoiceApply/info', who: member, summary: '开票申请详情', body: invoiceApplyRidBody, data: invoiceApplicationView }),
  invoiceOnlineSources: call({
    method: 'POST',
    path: '/api/auth/invoiceApply/onlineSources',
    who: member,
    summary: '可开票的在线支付',
    description: '在线支付的订单（按在线支付部分）与在线充值，尚未申请开票的。预存款支付的订单不在此列：其款项随预存充值开票。',
    data: z.array(invoiceOnlineSourceView),
  }),
  invoiceList: call({ method: 'POST', path: '/api/auth/invoiceApply/list', who: member, summary: '开票申请列表', body: invoiceApplyListBody, data: invoicePage }),
  invoiceFile: call({ method: 'GET', path: '/api/auth/invoiceApply/file', who: member, summary: '下载电子发票', query: fileRidQuery, data: 'file' }),

  // ---- 信用额度 ----
  creditOperate: call({
    method: 'POST',
    path: '/api/auth/creditApply/operate',
    who: member,
    summary: '申请或取消信用额度',
    description: 'action 为 apply（额度、说明）或 cancel（申请编号）；只有认证为老师或企业的用户可以申请。',
    body: creditOperateBody,
    data: creditInfoView,
  }),
  creditInfo: call({ method: 'POST', path: '/api/auth/creditApply/info', who: member, summary: '我的信用额度', data: creditInfoView }),
});
