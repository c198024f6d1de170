import { z } from 'zod';
import { emptyMessage, optionalText, pageQuery, phonePattern, requiredText, isCalendarDate, versionPin } from './common';

/**
 * Growth (issue 7): invites, promotion partners (推广合伙人) with rebates and withdrawals,
 * points (积分) and in-site messages (站内信). Rebates and points live in the funds ledger's
 * accounts (kinds 'rebate' and 'points'): every change is an immutable entry, a balance never
 * goes below zero. Rebate amounts are fen; points are whole points (stored in the same
 * integer column). Member calls are POSTs under /api/auth; staff calls under /api/admin/growth.
 */

const blankToUndefined = (v: unknown) => (v === '' || v === null ? undefined : v);
const rid = (label: string) => requiredText(label, 40);
const intField = (label: string, min: number, max: number) =>
  z.coerce
    .number({ error: `[${label}]必须是数字` })
    .int({ error: `[${label}]必须是整数` })
    .min(min, { error: `[${label}]不能小于${min}` })
    .max(max, { error: `[${label}]不能超过${max}` });
const phone = (label: string) =>
  z
    .string({ error: emptyMessage(label) })
    .trim()
    .min(1, { error: emptyMessage(label) })
    .regex(phonePattern, { error: `[${label}]格式不正确` });

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

// ---- invites (web/invite) ----

export const rebateStatuses = ['frozen', 'withdrawable', 'reversed'] as const;
export type RebateStatus = (typeof rebateStatuses)[number];
export const rebateStatusLabels: Record<RebateStatus, string> = { frozen: '冻结中', withdrawable: '可提现', reversed: '已退回' };

/** web/invite/init */
export const inviteOverview = z.object({
  inviteCode: z.string(),
  /** the path to share: /invited/{code} (the page builds the absolute link and its QR code) */
  invitePath: z.string(),
  invitedCount: z.number(),
  /** what an invited member gets, in words (e.g. 注册即得「新人50元券」) */
  inviteReward: z.string(),
  /** set when I am an approved partner */
  partner: z.object({ rateBp: z.number(), frozenFen: z.number(), withdrawableFen: z.number() }).nullable(),
});
export type InviteOverview = z.infer<typeof inviteOverview>;
/** web/invite/list: members I invited (phone masked, never in full) */
export const invitee = z.object({
  /** an opaque id for web/invite/orderDetail */
  id: z.string(),
  nickname: z.string(),
  phone: z.string(),
  registeredAt: z.string(),
  paidOrderCount: z.number(),
});
export type Invitee = z.infer<typeof invitee>;
export const inviteListBody = pageQuery;
export const inviteOrderDetailBody = pageQuery.extend({ id: rid('被邀请人') });
/** web/invite/orderDetail: an invitee's paid orders as far as a rebate concerns me */
export const inviteeOrder = z.object({
  /** masked: KY20261122****0517 */
  orderNo: z.string(),
  title: z.string(),
  paidFen: z.number(),
  rebateFen: z.number(),
  rebateStatus: z.enum(rebateStatuses).nullable(),
  paidAt: z.string(),
});
export type InviteeOrder = z.infer<typeof inviteeOrder>;

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

// ---- points (web/integration, integration) ----

export const POINTS_ENTRY_TYPES = ['points_earn', 'points_reverse', 'points_exchange', 'points_transfer_in', 'points_transfer_out', 'points_award', 'adjustment'] as const;
export const pointsEntryLabels: Record<(typeof POINTS_ENTRY_TYPES)[number], string> = {
  points_earn: '订单积分',
  points_reverse: '退款扣回',
  points_exchange: '积分兑换',
  points_transfer_in: '积分转入',
  points_transfer_out: '积分转出',
  points_award: '奖励积分',
  adjustment: '积分调整',
};
/** web/integration/init */
export const pointsOverview = z.object({
  balance: z.number(),
  pointsPerYuan: z.number(),
  /** earned in total, spent in total */
  earned: z.number(),
  spent: z.number(),
  pendingApplications: z.number(),
  /** 待生效积分: earned on paid orders not yet completed — shown, not spendable, dropped if the order is refunded */
  pendingPoints: z.number(),
  /** how many orders those pending points wait for */
  pendingOrders: z.number(),
});
export type PointsOverview = z.infer<typeof pointsOverview>;
export const pointsEntry = z.object({
  id: z.number(),
  type: z.string(),
  typeText: z.string(),
  /** signed */
  points: z.number(),
  balanceAfter: z.number(),
  note: z.string(),
  createdAt: z.string(),
});
export type PointsEntry = z.infer<typeof pointsEntry>;
export const pointsListBody = pageQuery;
/** web/integration/list4exchange: the exchange catalogue */
export const exchangeItem = z.object({
  rid: z.string(),
  name: z.string(),
  kind: z.enum(['coupon', 'gift']),
  description: z.string(),
  img: z.string(),
  points: z.number(),
  /** null = unlimited */
  stock: z.number().nullable(),
  /** can I afford it and is it in stock */
  available: z.boolean(),
});
export type ExchangeItem = z.infer<typeof exchangeItem>;
/** integration/applyExchange */
export const exchangeBody = z.object({
  rid: rid('兑换商品'),
  /** gifts are mailed: the address book entry */
  address_rid: optionalText('收货地址', 40),
});
/** integration/transfer: to another member by phone */
/**
 * integration/transfer: to a member named by phone AND their name as on their profile. An
 * unknown phone and a wrong name answer alike, so the call does not tell which phones are
 * registered (issue 16); the name is what a colleague knows and a stranger with a list does not.
 */
export const pointsTransferBody = z.object({
  phone: phone('对方手机号'),
  name: requiredText('对方姓名', 32),
  points: intField('转赠积分', 1, 1_000_000),
  note: optionalText('留言', 100),
});
/** integration/apply: points for a published paper acknowledging the lab (致谢奖励), approved by staff */
export const pointsApplyBody = z.object({
  title: requiredText('论文题目', 200),
  journal: requiredText('期刊名称', 100),
  doi: optionalText('DOI', 100),
  published_on: z.preprocess(blankToUndefined, z.string().regex(/^\d{4}-\d{2}-\d{2}$/, { error: '[发表日期]格式应为YYYY-MM-DD' }).refine(isCalendarDate, { error: '[发表日期]不是有效日期' }).optional()),
});
export const pointsApplication = z.object({
  rid: z.string(),
  title: z.string(),
  journal: z.string(),
  doi: z.string(),
  status: z.enum(['pending', 'approved', 'refused']),
  statusText: z.string(),
  points: z.number().nullable(),
  reason: z.string().nullable(),
  createdAt: z.string(),
});
export type PointsApplication = z.infer<typeof pointsApplication>;
export const exchangeRecord = z.object({
  rid: z.string(),
  itemName: z.string(),
  kind: z.enum(['coupon', 'gift']),
  points: z.number(),
  status: z.enum(['done', 'to_ship', 'shipped']),
  statusText: z.string(),
  createdAt: z.string(),
});
export type ExchangeRecord = z.infer<typeof exchangeRecord>;

// ---- messages (站内信) ----

export const messageListBody = pageQuery.extend({ unread: z.preprocess((v) => v === '1' || v === 'true' || v === true, z.boolean()).default(false) });
export const messageRidBody = z.object({ rid: rid('消息') });
export const memberMessage = z.object({
  rid: z.string(),
  kind: z.string(),
  title: z.string(),
  content: z.string(),
  link: z.string().nullable(),
  read: z.boolean(),
  createdAt: z.string(),
});
export type MemberMessage = z.infer<typeof memberMessage>;
/** message/unread */
export const unreadCount = z.object({ unread: z.number() });
export type UnreadCount = z.infer<typeof unreadCount>;

// ---- staff (/api/admin/growth) ----

export const adminPartnerDecisionBody = z.object({ rid: rid('申请'), reason: optionalText('原因', 200) });
// pinned to the version the finance or sales queue showed (versionPin): a request changed since is refused
export const adminWithdrawDecisionBody = z.object({ rid: rid('提现申请'), version: versionPin, reason: optionalText('原因', 200) });
export const adminPointsDecisionBody = z.object({
  rid: rid('积分申请'),
  version: versionPin,
  points: z.preprocess(blankToUndefined, intField('奖励积分', 1, 100_000).optional()),
  reason: optionalText('原因', 200),
});
export const adminExchangeItemBody = z.object({
  name: requiredText('名称', 50),
  kind: z.enum(['coupon', 'gift'], { error: '[类型]不正确' }),
  coupon_template_rid: optionalText('优惠券模板', 40),
  description: optionalText('说明', 500),
  points: intField('所需积分', 1, 1_000_000),
  stock: z.preprocess(blankToUndefined, intField('库存', 0, 1_000_000).optional()),
});
export const adminAnnouncementBody = z.object({
  title: requiredText('标题', 60),
  content: requiredText('内容', 2000),
  /** '' = every member; otherwise one member's rid … */
  member_rid: optionalText('会员', 40),
  /** … or one member's phone (what staff know) */
  member_phone: optionalText('会员手机号', 11).refine((value) => value === undefined || /^1[3-9]\d{9}$/.test(value), { error: '[会员手机号]格式不正确' }),
});
