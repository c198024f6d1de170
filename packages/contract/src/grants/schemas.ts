import { z } from 'zod';
import { emptyMessage, optionalText, requiredText } from '../common';
import { parseYuan, yuanField } from '../funds/schemas';
import { requiredDay } from '../orders/fields';

// ---- grant cards (经费卡), allowances per member, the PI's approvals (issue 34; docs/decisions/0048) ----

/** total: once for the card's life; month: each calendar month (Asia/Shanghai) */
export const allowancePeriods = ['total', 'month'] as const;
export type AllowancePeriod = (typeof allowancePeriods)[number];
export const allowancePeriodLabels: Record<AllowancePeriod, string> = { total: '总额', month: '每月' };

export const grantRequestStatuses = ['pending', 'approved', 'refused', 'expired'] as const;
export type GrantRequestStatus = (typeof grantRequestStatuses)[number];
export const grantRequestStatusLabels: Record<GrantRequestStatus, string> = { pending: '待导师审批', approved: '已批准', refused: '已拒绝', expired: '已过期' };

/** how long a request waits for the PI before it is refused by the system */
export const GRANT_REQUEST_DAYS = 7;
export const GRANT_CARD_EXPIRED_MESSAGE = '该经费卡已过期，请选择其他经费卡';
export const ALLOWANCE_BELOW_SPENT_MESSAGE = '额度不能低于该成员已使用的金额';
export const GRANT_PIN_CHANGED_MESSAGE = '订单金额或团体余额已变化，请刷新后重新审批';

const cardRid = requiredText('经费卡编号', 40);

/** A yuan amount that may be 0 (an allowance of nothing, an auto-approval limit of 0: every order goes to the PI). */
const yuanOrZero = (label: string) =>
  z
    .preprocess((v) => (typeof v === 'number' && Number.isFinite(v) ? String(v) : v), z.string({ error: emptyMessage(label) }))
    .transform((value, ctx) => {
      if (/^\s*0+(\.0{1,2})?\s*$/.test(value)) return 0;
      const parsed = parseYuan(value, label, { max: 100_000_000 });
      if (typeof parsed === 'string') {
        ctx.addIssue({ code: 'custom', message: parsed });
        return z.NEVER;
      }
      return parsed;
    })
    .meta({ description: `${label}：以元为单位的金额文本（可为 0，最多两位小数），服务器精确换算为整数分` });

/** grant/cards: the cards of a community the member owns */
export const grantCardsBody = z.object({ community_rid: requiredText('团体编号', 40) });

/** grant/card/save: a new card (no rid) or a change of one */
export const grantCardSaveBody = z.object({
  community_rid: requiredText('团体编号', 40),
  rid: optionalText('经费卡编号', 40),
  name: requiredText('经费卡名称', 50),
  number: requiredText('经费卡号', 40),
  end_date: requiredDay('截止日期'),
  /** '' or absent: no cap */
  cap: z.preprocess((v) => (v === '' || v === null ? undefined : v), yuanField('经费卡上限').optional()),
});
export type GrantCardSaveBody = z.infer<typeof grantCardSaveBody>;

export const grantCardRidBody = z.object({ card_rid: cardRid });

/** grant/allowance/set: a member's allowance on a card */
export const grantAllowanceBody = z.object({
  card_rid: cardRid,
  member_rid: requiredText('成员编号', 40),
  period: z.enum(allowancePeriods, { error: '[额度周期]不正确' }),
  amount: yuanOrZero('额度'),
  auto_limit: yuanOrZero('单笔自动批准上限'),
});
export type GrantAllowanceBody = z.infer<typeof grantAllowanceBody>;

export const grantRequestsBody = z.object({
  status: z.preprocess((v) => (v === '' ? undefined : v), z.enum(grantRequestStatuses, { error: '[状态]不正确' }).optional()),
});
export const grantRequestRidBody = z.object({ rid: requiredText('审批单号', 40) });
/** grant/approve: what the PI saw — the order's amount and the community's balance (fen) — is booked or 409 */
export const grantApproveBody = z.object({
  rid: requiredText('审批单号', 40),
  amount_fen: z.coerce.number({ error: '[金额]必须是数字' }).int({ error: '[金额]必须是整数' }),
  balance_fen: z.coerce.number({ error: '[余额]必须是数字' }).int({ error: '[余额]必须是整数' }),
});
export const grantRefuseBody = z.object({ rid: requiredText('审批单号', 40), reason: requiredText('拒绝原因', 200) });
/** GET grant/statement: 经费卡对账单.xlsx of a card, optionally of one member */
export const grantStatementQuery = z.object({ card_rid: cardRid, member_rid: optionalText('成员编号', 40) });

export const grantCardView = z.object({
  rid: z.string(),
  communityRid: z.string(),
  communityName: z.string(),
  name: z.string(),
  number: z.string(),
  endDate: z.string(),
  expired: z.boolean(),
  capFen: z.number().int().nullable(),
  /** booked on the card so far, refunds taken off */
  usedFen: z.number().int(),
});
export type GrantCard = z.infer<typeof grantCardView>;

export const grantAllowanceView = z.object({
  memberRid: z.string(),
  memberName: z.string(),
  /** null: no allowance set for this member (they cannot pay with the card) */
  period: z.enum(allowancePeriods).nullable(),
  amountFen: z.number().int(),
  autoLimitFen: z.number().int(),
  /** used in the current period (this month for a monthly allowance) */
  usedFen: z.number().int(),
});
export type GrantAllowance = z.infer<typeof grantAllowanceView>;

export const grantRequestView = z.object({
  rid: z.string(),
  status: z.enum(grantRequestStatuses),
  statusText: z.string(),
  orderNo: z.string(),
  orderTitle: z.string(),
  /** the pin: the order's amount when filed */
  amountFen: z.number().int(),
  /** the community's balance now (what approving books against) */
  balanceFen: z.number().int(),
  cardRid: z.string(),
  cardName: z.string(),
  cardNumber: z.string(),
  communityName: z.string(),
  memberName: z.string(),
  /** why the order waits: 超出单笔自动批准上限 / 超出额度 … */
  why: z.string(),
  reason: z.string(),
  createdAt: z.string(),
  expiresAt: z.string(),
  decidedAt: z.string().nullable(),
  /** the viewer is the PI who may decide it */
  canDecide: z.boolean(),
});
export type GrantRequest = z.infer<typeof grantRequestView>;

/** order/ready2pay: the cards the member may pay with (an allowance on an unexpired card of a community they belong to) */
export const grantCardChoiceView = z.object({
  rid: z.string(),
  name: z.string(),
  number: z.string(),
  communityRid: z.string(),
  communityName: z.string(),
  balanceFen: z.number().int(),
  /** what the allowance still allows in its period */
  leftFen: z.number().int(),
  autoLimitFen: z.number().int(),
});
export type GrantCardChoice = z.infer<typeof grantCardChoiceView>;
