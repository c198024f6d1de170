import { z } from 'zod';
import { optionalText } from '../common';
import { blankToUndefined, intField } from './fields';

/**
 * Growth (issue 7): invites, promotion partners (推广合伙人) with rebates and withdrawals,
 * points (积分) and in-site messages (站内信). Rebates and points live in the funds ledger's
 * accounts (kinds 'rebate' and 'points'): every change is an immutable entry, a balance never
 * goes below zero. Rebate amounts are fen; points are whole points (stored in the same
 * integer column). Member calls are POSTs under /api/auth; staff calls under /api/admin/growth.
 */

/** '13800138000' → '138****8000' (the only form another member's phone is ever shown in). */
export const maskPhone = (value: string) => (value.length >= 7 ? `${value.slice(0, 3)}****${value.slice(-4)}` : '****');

// ---- how rebates are paid out (issue 28, hole 10) ----

/**
 * How a released rebate reaches the partner, chosen by the lab per customer type (the partner's
 * 学生 / 老师 / 个人 / 企业, organizationLabels; a member never attested counts as 个人) and stated
 * in the 推广合伙人协议 the partner accepts: cash (to the rebate account, withdrawable to a bank
 * card or to prepaid funds), prestore (straight into the partner's prepaid funds, spendable on
 * tests only) or coupon (a coupon worth the rebate). Colleagues' orders paid from research funds
 * must not become cash in an individual's pocket (反不正当竞争法, 科研经费 rules): a university
 * lab sets 学生 and 老师 to prestore or coupon.
 */
export const REBATE_PAYOUTS = ['cash', 'prestore', 'coupon'] as const;
export type RebatePayout = (typeof REBATE_PAYOUTS)[number];
export const rebatePayoutLabels: Record<RebatePayout, string> = { cash: '现金（可提现）', prestore: '转入预存款', coupon: '优惠券' };
/** The customer types in the order the lab's forms show them (organizationLabels' keys). */
export const PAYOUT_CUSTOMER_TYPES = ['0', '3', '1', '2'] as const;
export type PayoutCustomerType = (typeof PAYOUT_CUSTOMER_TYPES)[number];
export const payoutCustomerTypeLabels: Record<PayoutCustomerType, string> = { '0': '学生', '3': '老师', '1': '个人', '2': '企业' };
export type RebatePayoutRules = Record<PayoutCustomerType, RebatePayout>;
export const rebatePayoutRules = z.object({ '0': z.enum(REBATE_PAYOUTS), '3': z.enum(REBATE_PAYOUTS), '1': z.enum(REBATE_PAYOUTS), '2': z.enum(REBATE_PAYOUTS) });
/** Until the lab chooses: university people's rebates stay on tests; individuals and companies may withdraw. */
export const DEFAULT_REBATE_PAYOUT: RebatePayoutRules = { '0': 'prestore', '3': 'prestore', '1': 'cash', '2': 'cash' };
export const DEFAULT_REBATE_COUPON_DAYS = 180;
/** The partner's customer type for the payout rule: a member never attested (null) counts as 个人. */
export const payoutCustomerType = (organization: number | null | undefined): PayoutCustomerType =>
  organization === 0 || organization === 3 || organization === 2 ? (String(organization) as PayoutCustomerType) : '1';

/** What one version of the 推广合伙人协议 states: the figures its text is written from. */
export interface PartnerTermsFigures {
  rateBp: number;
  payout: RebatePayoutRules;
  couponDays: number;
}
export const PARTNER_TERMS_TITLE = '推广合伙人协议';

/** The agreement's text, one paragraph a line, written from its figures (what the partner reads and accepts, word for word). */
export function partnerTermsParagraphs(figures: PartnerTermsFigures): string[] {
  const rate = `${figures.rateBp / 100}%`;
  const rule = PAYOUT_CUSTOMER_TYPES.map((type) => `${payoutCustomerTypeLabels[type]}用户：${rebatePayoutLabels[figures.payout[type]]}`).join('；');
  return [
    `一、推广合伙人（以下简称“合伙人”）通过本人的邀请码或邀请链接邀请新会员注册。被邀请会员每笔已支付的检测订单，合伙人可获得订单实付金额${rate}的推广返利；订单取消退款的，返利随之撤销。`,
    '二、返利在订单支付后冻结，订单完成后按本协议第三条发放；订单完成前返利不可使用。',
    `三、返利的发放方式按合伙人本人的用户类型确定（未认证用户按个人用户）：${rule}。`,
    '现金：返利计入合伙人的可提现余额，可申请提现至本人银行账户或转入预存款，由实验室财务审核后办理。转入预存款：返利直接计入合伙人本人的预存款账户，仅可用于支付本平台的检测服务，不可提现。' +
      `优惠券：按返利金额发放无门槛优惠券，自发放之日起${figures.couponDays}天内有效，仅可用于支付本平台的检测服务，不可提现、不可转让。`,
    '四、合伙人承诺不以返利影响所在单位或他人的采购决定。被邀请会员以科研经费或单位资金支付的订单，其返利不得违反国家关于反不正当竞争、科研经费管理的规定及所在单位的财务制度；合伙人为高校、科研院所人员的，应遵守所在单位的相关规定，必要时向单位如实说明。',
    '五、实验室可调整返利比例和发放方式，调整后将发布新版本协议；已发放至可提现余额的返利仍可按原方式提现。合伙人在同意新版本协议前，不能申请提现。',
    '六、合伙人以虚假注册、自我邀请等方式获取返利的，实验室有权撤销相应返利并取消合伙人资格。',
  ];
}

// ---- settings (staff-configurable; defaults apply until staff change them) ----

export const growthSettings = z.object({
  /** a partner's rebate on an invited member's paid order, basis points (500 = 5%) */
  rebateRateBp: z.number(),
  /** points earned per whole yuan paid */
  pointsPerYuan: z.number(),
  /** the coupon template (rid) an invited member receives on registration; null = none */
  inviteCouponTemplateRid: z.string().nullable(),
  /** the smallest withdrawal, fen */
  minWithdrawFen: z.number(),
  /** how released rebates are paid, per customer type (stated in the partner terms) */
  rebatePayout: rebatePayoutRules,
  /** how long a rebate paid as a coupon stays valid, days */
  rebateCouponDays: z.number(),
});
export type GrowthSettings = z.infer<typeof growthSettings>;
export const DEFAULT_GROWTH_SETTINGS: GrowthSettings = {
  rebateRateBp: 500,
  pointsPerYuan: 1,
  inviteCouponTemplateRid: null,
  minWithdrawFen: 10_000,
  rebatePayout: DEFAULT_REBATE_PAYOUT,
  rebateCouponDays: DEFAULT_REBATE_COUPON_DAYS,
};
/** 后台 → 推广与积分设置 answers the settings with the partner terms they are published as. */
export const adminGrowthSettingsView = growthSettings.extend({ termsVersion: z.number() });
export type AdminGrowthSettings = z.infer<typeof adminGrowthSettingsView>;
const payoutField = (label: string) => z.preprocess(blankToUndefined, z.enum(REBATE_PAYOUTS, { error: `[${label}返利发放方式]不正确` }).optional());
export const adminGrowthSettingsBody = z.object({
  rebate_rate: z.coerce.number({ error: '[返利比例]必须是数字' }).min(0, { error: '[返利比例]不能小于0' }).max(30, { error: '[返利比例]不能超过30%' }),
  points_per_yuan: intField('积分比例', 0, 100),
  invite_coupon_rid: optionalText('新人优惠券', 40),
  min_withdraw: z.coerce.number({ error: '[最低提现金额]必须是数字' }).min(0).max(100_000),
  /** the rebate payout per customer type (left out: as it is) */
  payout_0: payoutField('学生'),
  payout_3: payoutField('老师'),
  payout_1: payoutField('个人'),
  payout_2: payoutField('企业'),
  coupon_days: z.preprocess(blankToUndefined, intField('返利券有效期', 7, 3650).optional()),
});
