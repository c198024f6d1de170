import { call, resource } from '../call';
import { pageOf } from '../common';
import { promoterApplyBody, promoterTermsAcceptBody, promotionOverview, rebate, rebateListBody, withdrawAddBody, withdrawal, withdrawListBody, withdrawRidBody, withdrawUpdateBody } from './promotion-schemas';

/** 个人中心 → 推广合伙人: the application, the rebates earned and their withdrawal. */
export const promotion = resource('promotion', {
  overview: call({
    method: 'POST',
    path: '/api/auth/myPromotion/init',
    who: 'member',
    summary: '我的推广合伙人概况',
    description: '申请状态与内容、返利比例、冻结中 / 可提现 / 提现中 / 已提现金额（分）和最低提现金额。',
    data: promotionOverview,
  }),
  apply: call({
    method: 'POST',
    path: '/api/auth/promoter_apply/add',
    who: 'member',
    summary: '申请成为推广合伙人',
    description: '每人只有一份审核中或已通过的申请；被驳回后可重新申请。须带所阅读并同意的《推广合伙人协议》版本号（terms_version），其间发布了新版本答 409。',
    body: promoterApplyBody,
    data: promotionOverview,
    done: '申请已提交，请等待审核',
  }),
  acceptTerms: call({
    method: 'POST',
    path: '/api/auth/promoter_terms/accept',
    who: 'member',
    summary: '同意新版推广合伙人协议',
    description: '协议（返利比例、发放方式）更新后，合伙人同意新版本后方可继续提现；version 须是当前版本，否则答 409。',
    body: promoterTermsAcceptBody,
    data: promotionOverview,
    done: '已同意新版协议',
  }),
  rebates: call({ method: 'POST', path: '/api/auth/promoter_rebate/list', who: 'member', summary: '我的返利明细', description: '新到旧，可按状态筛选。', body: rebateListBody, data: pageOf(rebate) }),
  withdrawals: call({ method: 'POST', path: '/api/auth/promoter_rebate_withdraw/list', who: 'member', summary: '我的提现申请', description: '新到旧，可按状态筛选。', body: withdrawListBody, data: pageOf(withdrawal) }),
  withdraw: call({
    method: 'POST',
    path: '/api/auth/promoter_rebate_withdraw/add',
    who: 'member',
    summary: '申请提现返利',
    description: '金额（元）不低于最低提现金额、不超过可提现余额；提交即冻结该金额。银行卡提现须填开户名、开户行和账号。须已同意当前版本的《推广合伙人协议》（否则答 409）。',
    body: withdrawAddBody,
    data: withdrawal,
    done: '提现申请已提交，请等待财务处理',
  }),
  cancelWithdrawal: call({
    method: 'POST',
    path: '/api/auth/promoter_rebate_withdraw/cancel',
    who: 'member',
    summary: '取消提现申请',
    description: '仅待审核的申请可取消，金额退回可提现余额。',
    body: withdrawRidBody,
    data: withdrawal,
    done: '提现申请已取消',
  }),
  updateWithdrawal: call({
    method: 'POST',
    path: '/api/auth/promoter_rebate_withdraw/update4user',
    who: 'member',
    summary: '修改提现申请',
    description: '提交后收款方式和银行账户不能修改（答 409）；相同的信息原样答复该申请。',
    body: withdrawUpdateBody,
    data: withdrawal,
    done: '操作成功!',
  }),
});
