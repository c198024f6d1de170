import { z } from 'zod';
import { gatedView } from '../approvals/schemas';
import { call, resource } from '../call';
import { pageOf } from '../common';
import { adminInvoiceExportQuery, adminInvoiceListBody, adminInvoiceRedBody, adminInvoiceView, adminMemberRefView, adminPrestoreExportQuery, adminPrestoreListBody, adminPrestoreView, adminTransferListBody, adminTransferView } from './admin-queue-schemas';
import { adminAccountListBody, adminAccountView, adminAdjustBody, adminCouponIssueBody, adminCouponTemplateBody, adminCouponTemplateListBody, adminCouponTemplateRidBody, adminCouponTemplateView, adminCreditApproveBody, adminCreditListBody, adminCreditView, adminInvoiceIssueBody, adminIssuedCouponListBody, adminIssuedCouponView, adminLedgerBody, adminLedgerExportQuery, adminLedgerView, adminMemberLookupBody, adminPrestoreConfirmBody, adminPrestoreRulesBody, adminRefuseBody, adminTransferDecideBody } from './admin-schemas';
import { memberCouponView } from './coupon-schemas';
import { creditApplicationView } from './credit-schemas';
import { invoiceApplicationView } from './invoice-schemas';
import { prestoreApplicationView, prestoreRulesView, prestoreRuleView } from './prestore-schemas';
import { fileRidQuery, ledgerEntryView } from './schemas';
import { transferApplicationView } from './transfer-schemas';

const finance = ['finance'] as const;
/** coupons: finance and sales */
const couponStaff = ['finance', 'sales'] as const;
const versionRule = '带上列表中的 version：申请在此之后有变动时答 409，请刷新后重新审核。';
const gatedRule = '超过本角色审批额度（单笔、每人每日、每人每月或同一客户每月合计）时不直接执行，而是提交审批（答复为 pendingApproval，msg 说明）。';

/**
 * Finance in the back office (财务管理): the review queues of top-ups, transfers, invoices and
 * credit with their decisions, the accounts and their ledgers, adjustments, coupons, the
 * prestore tiers, and the xlsx exports of what each table shows.
 */
export const adminFunds = resource('adminFunds', {

  // ---- 预存审核 ----
  prestoreList: call({ method: 'POST', path: '/api/admin/funds/prestore/list', who: finance, summary: '预存申请列表', body: adminPrestoreListBody, data: pageOf(adminPrestoreView) }),
  prestoreConfirm: call({ method: 'POST', path: '/api/admin/funds/prestore/confirm', who: finance, summary: '确认预存到账', description: `入账预存金额与赠送金额。${versionRule}${gatedRule}`, body: adminPrestoreConfirmBody, data: gatedView(prestoreApplicationView), done: '已确认到账' }),
  prestoreRefuse: call({ method: 'POST', path: '/api/admin/funds/prestore/refuse', who: finance, summary: '驳回预存申请', description: versionRule, body: adminRefuseBody, data: prestoreApplicationView, done: '已驳回' }),
  prestoreReceipt: call({ method: 'GET', path: '/api/admin/funds/prestore/receipt', who: finance, summary: '查看转账凭证', query: fileRidQuery, data: 'file' }),
  prestoreExport: call({ method: 'GET', path: '/api/admin/funds/prestore/export', who: finance, summary: '导出预存申请', description: '筛选同列表，不分页（xlsx）。', query: adminPrestoreExportQuery, data: 'file' }),
  prestoreRules: call({ method: 'POST', path: '/api/admin/funds/prestore/rules/current', who: finance, summary: '当前预存规则', data: prestoreRulesView }),
  prestoreRulesSave: call({ method: 'POST', path: '/api/admin/funds/prestore/rules', who: finance, summary: '保存预存规则', description: 'rules：JSON 数组 [{ threshold（元）, rate（百分比）}]，最多 20 档。提高任何一笔充值赠送的修改一律提交审批（由另一位财务或管理员通过），降低或取消赠送立即生效。', body: adminPrestoreRulesBody, data: gatedView(z.array(prestoreRuleView)), done: '预存规则已保存' }),

  // ---- 转账审核 ----
  transferList: call({ method: 'POST', path: '/api/admin/funds/transfer/list', who: finance, summary: '团体转账列表', body: adminTransferListBody, data: pageOf(adminTransferView) }),
  transferApprove: call({ method: 'POST', path: '/api/admin/funds/transfer/approve', who: finance, summary: '通过团体转账', description: versionRule, body: adminTransferDecideBody, data: transferApplicationView, done: '已审核通过，款项已划转' }),
  transferRefuse: call({ method: 'POST', path: '/api/admin/funds/transfer/refuse', who: finance, summary: '驳回团体转账', description: versionRule, body: adminRefuseBody, data: transferApplicationView, done: '已驳回' }),

  // ---- 资金账户 ----
  accountList: call({ method: 'POST', path: '/api/admin/funds/account/list', who: finance, summary: '资金账户列表', body: adminAccountListBody, data: pageOf(adminAccountView) }),
  ledger: call({ method: 'POST', path: '/api/admin/funds/account/ledger', who: finance, summary: '账户资金明细', body: adminLedgerBody, data: adminLedgerView }),
  ledgerExport: call({ method: 'GET', path: '/api/admin/funds/account/ledger/export', who: finance, summary: '导出账户资金明细', query: adminLedgerExportQuery, data: 'file' }),
  adjust: call({
    method: 'POST',
    path: '/api/admin/funds/adjust',
    who: finance,
    summary: '调整余额',
    description: `正数加、负数减；request_id 让重复提交只记一次。${gatedRule}`,
    body: adminAdjustBody,
    data: gatedView(z.object({ entry: ledgerEntryView })),
    done: '余额已调整',
  }),

  // ---- 发票管理 ----
  invoiceList: call({ method: 'POST', path: '/api/admin/funds/invoice/list', who: finance, summary: '开票申请列表', body: adminInvoiceListBody, data: pageOf(adminInvoiceView) }),
  invoiceIssue: call({ method: 'POST', path: '/api/admin/funds/invoice/issue', who: finance, summary: '开具发票', description: `登记发票号码与开票日期。${versionRule}`, body: adminInvoiceIssueBody, data: invoiceApplicationView, done: '已开票' }),
  invoiceIssueWithFile: call({
    method: 'POST',
    path: '/api/admin/funds/invoice/issueWithFile',
    who: finance,
    summary: '开具发票并上传发票文件',
    description: `multipart：rid、version、invoice_no、issued_on 与一个文件（pdf、png 或 jpg，最大 10 MB）；电子发票须带文件，纸质发票可不带。${versionRule}`,
    multipart: true,
    data: invoiceApplicationView,
    done: '已开票',
  }),
  invoiceFileUpload: call({
    method: 'POST',
    path: '/api/admin/funds/invoice/file',
    who: finance,
    summary: '上传发票文件',
    description: 'multipart：字段 rid（开票申请）与一个文件（pdf、png 或 jpg，最大 10 MB）；替换原文件。',
    multipart: true,
    data: invoiceApplicationView,
    done: '发票文件已上传',
  }),
  invoiceFile: call({ method: 'GET', path: '/api/admin/funds/invoice/file', who: finance, summary: '查看发票文件', query: fileRidQuery, data: 'file' }),
  invoiceReject: call({ method: 'POST', path: '/api/admin/funds/invoice/reject', who: finance, summary: '驳回开票申请', description: versionRule, body: adminRefuseBody, data: invoiceApplicationView, done: '已驳回' }),
  invoiceRed: call({
    method: 'POST',
    path: '/api/admin/funds/invoice/red',
    who: finance,
    summary: '登记红冲',
    description: `已开票的申请所含款项退款（订单取消）后须红冲：登记在税务系统开具的红字发票号码与日期，该申请待红冲的款项全部记为已红冲。${versionRule}`,
    body: adminInvoiceRedBody,
    data: invoiceApplicationView,
    done: '已登记红冲',
  }),
  invoiceExport: call({ method: 'GET', path: '/api/admin/funds/invoice/export', who: finance, summary: '导出开票申请', description: '筛选同列表，不分页（xlsx）。', query: adminInvoiceExportQuery, data: 'file' }),


  // ---- 信用额度 ----
  creditList: call({ method: 'POST', path: '/api/admin/funds/credit/list', who: finance, summary: '信用额度申请列表', body: adminCreditListBody, data: pageOf(adminCreditView) }),
  creditApprove: call({ method: 'POST', path: '/api/admin/funds/credit/approve', who: finance, summary: '批准信用额度', description: `${versionRule}${gatedRule}`, body: adminCreditApproveBody, data: gatedView(creditApplicationView), done: '已批准授信' }),
  creditRefuse: call({ method: 'POST', path: '/api/admin/funds/credit/refuse', who: finance, summary: '驳回信用额度申请', description: versionRule, body: adminRefuseBody, data: creditApplicationView, done: '已驳回' }),

  // ---- 优惠券 (finance and sales) ----
  couponTemplates: call({ method: 'POST', path: '/api/admin/funds/coupon/templates', who: couponStaff, summary: '优惠券列表', body: adminCouponTemplateListBody, data: z.array(adminCouponTemplateView) }),
  couponTemplateAdd: call({ method: 'POST', path: '/api/admin/funds/coupon/template/add', who: couponStaff, summary: '新建优惠券', description: gatedRule, body: adminCouponTemplateBody, data: gatedView(adminCouponTemplateView), done: '优惠券已创建' }),
  couponTemplateDisable: call({ method: 'POST', path: '/api/admin/funds/coupon/template/disable', who: couponStaff, summary: '停用优惠券', body: adminCouponTemplateRidBody, data: adminCouponTemplateView, done: '优惠券已停用' }),
  couponIssue: call({ method: 'POST', path: '/api/admin/funds/coupon/issue', who: couponStaff, summary: '发放优惠券', description: gatedRule, body: adminCouponIssueBody, data: gatedView(memberCouponView), done: '优惠券已发放' }),
  couponIssued: call({ method: 'POST', path: '/api/admin/funds/coupon/issued', who: couponStaff, summary: '已发优惠券', body: adminIssuedCouponListBody, data: pageOf(adminIssuedCouponView) }),
  memberLookup: call({ method: 'POST', path: '/api/admin/funds/member/lookup', who: couponStaff, summary: '查找会员（发券）', description: '按手机号或姓名，最多 10 个。', body: adminMemberLookupBody, data: z.array(adminMemberRefView) }),
});
