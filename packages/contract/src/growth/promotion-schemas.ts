import { z } from 'zod';
import { emptyMessage, optionalText, pageQuery, requiredText } from '../common';
import { blankToUndefined, phone, rid } from './fields';
import { rebateStatuses } from './invite-schemas';
import { REBATE_PAYOUTS } from './schemas';

// ---- promotion partners (myPromotion, promoter_apply, promoter_rebate, promoter_rebate_withdraw) ----

export const partnerStatuses = ['none', 'pending', 'approved', 'refused'] as const;
export type PartnerStatus = (typeof partnerStatuses)[number];
export const partnerStatusLabels: Record<PartnerStatus, string> = { none: '未申请', pending: '审核中', approved: '已通过', refused: '未通过' };

/** The version of the 推广合伙人协议 the member read and agrees to (a newer one published meanwhile: 409). */
export const PARTNER_TERMS_REQUIRED = '请阅读并同意《推广合伙人协议》';
const termsVersion = z.preprocess(
  (v) => (v === '' || v === null ? undefined : v),
  z.coerce.number({ error: PARTNER_TERMS_REQUIRED }).int({ error: PARTNER_TERMS_REQUIRED }).min(1, { error: PARTNER_TERMS_REQUIRED }),
);
export const promoterTermsAcceptBody = z.object({ version: termsVersion });

export const promoterApplyBody = z.object({
  name: requiredText('姓名', 30),
  phone: phone('联系电话'),
  organization: requiredText('单位', 100),
  /** how the applicant will promote (课题组, 学院, 行业群…) */
  channel: requiredText('推广渠道', 500),
  /** the version of the 推广合伙人协议 read and agreed to (checked last: the form's fields first) */
  terms_version: termsVersion,
});
export type PromoterApplyBody = z.infer<typeof promoterApplyBody>;

/** myPromotion/init */
export const promotionOverview = z.object({
  status: z.enum(partnerStatuses),
  statusText: z.string(),
  /** the refusal's reason */
  reason: z.string().nullable(),
  application: z.object({ name: z.string(), phone: z.string(), organization: z.string(), channel: z.string(), createdAt: z.string() }).nullable(),
  rateBp: z.number(),
  inviteCode: z.string(),
  invitedCount: z.number(),
  /** earned on paid orders not yet completed */
  frozenFen: z.number(),
  /** earned on completed orders, not yet withdrawn or requested */
  withdrawableFen: z.number(),
  /** in pending withdrawal requests */
  pendingFen: z.number(),
  /** paid out */
  withdrawnFen: z.number(),
  minWithdrawFen: z.number(),
  /** rebates paid straight into my prepaid funds, and as coupons (the terms' non-cash payouts) */
  paidToPrestoreFen: z.number(),
  paidAsCouponFen: z.number(),
  /** the 推广合伙人协议 in force, its text paragraph by paragraph */
  terms: z.object({ version: z.number(), title: z.string(), paragraphs: z.array(z.string()), publishedAt: z.string() }),
  /** the newest version I accepted (null: none yet); below terms.version I am asked to accept again */
  acceptedTermsVersion: z.number().nullable(),
  /** how my rebates are paid under the terms in force: my customer type and its rule */
  payout: z.object({ customerType: z.string(), kind: z.enum(REBATE_PAYOUTS), text: z.string() }),
});
export type PromotionOverview = z.infer<typeof promotionOverview>;

export const rebateListBody = pageQuery.extend({ status: z.preprocess(blankToUndefined, z.enum(rebateStatuses).optional()) });
export const rebate = z.object({
  id: z.string(),
  orderNo: z.string(),
  inviteePhone: z.string(),
  paidFen: z.number(),
  rateBp: z.number(),
  rebateFen: z.number(),
  status: z.enum(rebateStatuses),
  /** 冻结中 / 可提现 / 已转入预存款 / 已发放优惠券 / 已退回 */
  statusText: z.string(),
  /** how it was paid when released (null while frozen or reversed) */
  payout: z.enum(REBATE_PAYOUTS).nullable(),
  createdAt: z.string(),
  releasedAt: z.string().nullable(),
});
export type Rebate = z.infer<typeof rebate>;

export const WITHDRAW_METHODS = ['bank', 'prestore'] as const;
export type WithdrawMethod = (typeof WITHDRAW_METHODS)[number];
export const withdrawMethodLabels: Record<WithdrawMethod, string> = { bank: '银行卡', prestore: '转入预存款' };
export const withdrawStatuses = ['pending', 'paid', 'refused', 'cancelled'] as const;
export type WithdrawStatus = (typeof withdrawStatuses)[number];
export const withdrawStatusLabels: Record<WithdrawStatus, string> = { pending: '待审核', paid: '已打款', refused: '已驳回', cancelled: '已取消' };

const bankFields = {
  account_name: optionalText('开户名', 50),
  bank_name: optionalText('开户行', 100),
  bank_account: z.preprocess(blankToUndefined, z.string().regex(/^\d{8,30}$/, { error: '[银行账号]格式不正确' }).optional()),
};
const needsBank = (v: { method?: WithdrawMethod; account_name?: string | undefined; bank_name?: string | undefined; bank_account?: string | undefined }, ctx: z.RefinementCtx) => {
  if (v.method !== 'bank') return;
  if (!v.account_name) ctx.addIssue({ code: 'custom', path: ['account_name'], message: emptyMessage('开户名') });
  else if (!v.bank_name) ctx.addIssue({ code: 'custom', path: ['bank_name'], message: emptyMessage('开户行') });
  else if (!v.bank_account) ctx.addIssue({ code: 'custom', path: ['bank_account'], message: emptyMessage('银行账号') });
};
/** promoter_rebate_withdraw/add: an amount (yuan text, parsed like funds amounts by the server's yuanField) */
export const withdrawAddBody = z
  .object({
    amount: z.preprocess((v) => (typeof v === 'number' ? String(v) : v), z.string({ error: emptyMessage('提现金额') }).trim().min(1, { error: emptyMessage('提现金额') })),
    method: z.enum(WITHDRAW_METHODS, { error: '[提现方式]不正确' }),
    ...bankFields,
  })
  .superRefine(needsBank);
export const withdrawUpdateBody = z
  .object({ rid: rid('提现申请'), method: z.enum(WITHDRAW_METHODS, { error: '[提现方式]不正确' }), ...bankFields })
  .superRefine(needsBank);
export const withdrawRidBody = z.object({ rid: rid('提现申请') });
export const withdrawListBody = pageQuery.extend({ status: z.preprocess(blankToUndefined, z.enum(withdrawStatuses).optional()) });
export const withdrawal = z.object({
  rid: z.string(),
  amountFen: z.number(),
  method: z.enum(WITHDRAW_METHODS),
  methodText: z.string(),
  /** account number masked except the last 4 digits */
  bank: z.object({ accountName: z.string(), bankName: z.string(), account: z.string() }).nullable(),
  status: z.enum(withdrawStatuses),
  statusText: z.string(),
  reason: z.string().nullable(),
  createdAt: z.string(),
  processedAt: z.string().nullable(),
});
export type Withdrawal = z.infer<typeof withdrawal>;
