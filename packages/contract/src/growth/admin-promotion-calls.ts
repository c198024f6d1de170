import { call, resource } from '../call';
import { pageOf } from '../common';
import { adminPartnerDecisionBody, adminWithdrawDecisionBody } from './admin-decision-schemas';
import { adminPartnerApplication, adminPartnerListBody } from './admin-schemas';
import { adminWithdrawal, adminWithdrawalExportQuery, adminWithdrawalListBody } from './admin-withdrawal-schemas';

/** 后台: partner applications (客户服务, sales) and rebate withdrawals (财务, finance). */
export const adminPromotion = resource('adminPromotion', {
  partners: call({
    method: 'POST',
    path: '/api/admin/growth/partner/list',
    who: ['sales'],
    summary: '推广合伙人申请列表',
    description: '新到旧，可按状态筛选。',
    body: adminPartnerListBody,
    data: pageOf(adminPartnerApplication),
  }),
  approvePartner: call({
    method: 'POST',
    path: '/api/admin/growth/partner/approve',
    who: ['sales'],
    summary: '通过推广合伙人申请',
    description: '仅审核中的申请；会员收到站内信。',
    body: adminPartnerDecisionBody,
    data: adminPartnerApplication,
    done: '已通过',
  }),
  refusePartner: call({
    method: 'POST',
    path: '/api/admin/growth/partner/refuse',
    who: ['sales'],
    summary: '驳回推广合伙人申请',
    description: '须填原因，会员在站内信中看到。',
    body: adminPartnerDecisionBody,
    data: adminPartnerApplication,
    done: '已驳回',
  }),
  withdrawals: call({
    method: 'POST',
    path: '/api/admin/growth/withdraw/list',
    who: ['finance'],
    summary: '返利提现申请列表',
    description: '按状态、提现方式、会员或申请号、申请日期（上海时间）筛选。',
    body: adminWithdrawalListBody,
    data: pageOf(adminWithdrawal),
  }),
  payWithdrawal: call({
    method: 'POST',
    path: '/api/admin/growth/withdraw/pay',
    who: ['finance'],
    summary: '提现打款',
    description: '银行卡：转账后标记已打款；转入预存款：立即入账。须带列表所示的版本号，申请之后有改动答 409。',
    body: adminWithdrawDecisionBody,
    data: adminWithdrawal,
    done: '已打款',
  }),
  refuseWithdrawal: call({
    method: 'POST',
    path: '/api/admin/growth/withdraw/refuse',
    who: ['finance'],
    summary: '驳回提现申请',
    description: '须填原因；冻结的金额退回合伙人的可提现余额。须带列表所示的版本号。',
    body: adminWithdrawDecisionBody,
    data: adminWithdrawal,
    done: '已驳回',
  }),
  withdrawalExport: call({ method: 'GET', path: '/api/admin/growth/withdraw/export', who: ['finance'], summary: '导出返利提现', description: '筛选同提现列表，不分页（xlsx）。', query: adminWithdrawalExportQuery, data: 'file' }),
});
