import { z } from 'zod';
import { optionalText, pageQuery } from '../common';
import { formatFen } from '../display';
import { communityRef, optionalEnum, rid } from './fields';
import { yuanField } from './schemas';

// ---- prestore (预存) ----

/** The lab's account for 对公转账, shown with every top-up. */
export const bankAccountView = z.object({
  accountName: z.string(),
  bankName: z.string(),
  accountNo: z.string(),
});
export type BankAccount = z.infer<typeof bankAccountView>;

export const prestoreRuleView = z.object({
  id: z.number(),
  /** a top-up of at least this much… */
  thresholdFen: z.number(),
  /** …earns this share as a bonus (basis points: 300 = 3%) */
  bonusRateBp: z.number(),
  /** …or this fixed bonus */
  bonusFen: z.number(),
  /** e.g. 满 ¥10,000.00 赠 3% */
  text: z.string(),
});
export type PrestoreRule = z.infer<typeof prestoreRuleView>;

/** prestore/rule and prestoreApply/readyPayNum */
export const prestoreRulesView = z.object({
  rules: z.array(prestoreRuleView),
  bank: bankAccountView,
  minAmountFen: z.number(),
  /** transfers between a member and a community above this need staff approval */
  transferApprovalFen: z.number(),
});
export type PrestoreRules = z.infer<typeof prestoreRulesView>;

/** POST /api/auth/prestoreApply/readyPayNum — the rules, the bank account and, given an amount, its bonus. */
export const prestoreReadyBody = z.object({ amount: yuanField('预存金额').optional() });
export const prestoreReadyView = prestoreRulesView.extend({ amountFen: z.number().nullable(), bonusFen: z.number().nullable() });
export type PrestoreReady = z.infer<typeof prestoreReadyView>;

export const PRESTORE_STATUSES = ['pending', 'confirmed', 'refused', 'cancelled'] as const;
export type PrestoreStatus = (typeof PRESTORE_STATUSES)[number];
export const prestoreStatusLabels: Record<PrestoreStatus, string> = {
  pending: '待确认到账',
  confirmed: '已到账',
  refused: '已驳回',
  cancelled: '已取消',
};

/** POST /api/auth/prestoreApply/add — amount in yuan; optional remark and payer (the transferring account's name). */
export const prestoreAddBody = z.object({
  amount: yuanField('预存金额'),
  payer: optionalText('付款户名', 100),
  remark: optionalText('备注', 200),
  /** top up a community the member owns instead of their own account */
  community_rid: optionalText('团体编号', 40),
});
export type PrestoreAddBody = z.infer<typeof prestoreAddBody>;
export const prestoreEditBody = prestoreAddBody.omit({ community_rid: true }).extend({ rid: rid('预存单号') });
export type PrestoreEditBody = z.infer<typeof prestoreEditBody>;
export const prestoreRidBody = z.object({ rid: rid('预存单号') });
export const prestoreListBody = pageQuery.extend({ status: optionalEnum(PRESTORE_STATUSES, '状态') });
export type PrestoreListBody = z.infer<typeof prestoreListBody>;

export const prestoreApplicationView = z.object({
  rid: z.string(),
  /** the number to write in the transfer's remark */
  applyNo: z.string(),
  amountFen: z.number(),
  bonusFen: z.number(),
  status: z.enum(PRESTORE_STATUSES),
  statusText: z.string(),
  payer: z.string(),
  remark: z.string(),
  /** the community topped up, when not the member's own account */
  community: communityRef.nullable(),
  hasReceipt: z.boolean(),
  refuseReason: z.string().nullable(),
  /** the amount an invoice application still may cover (confirmed and not yet invoiced) */
  invoiceable: z.boolean(),
  createdAt: z.string(),
  confirmedAt: z.string().nullable(),
});
export type PrestoreApplication = z.infer<typeof prestoreApplicationView>;

/** Receipt upload (multipart, field `rid` + one file): png, jpeg or pdf, at most 10 MB. */
export const RECEIPT_MAX_BYTES = 10 * 1024 * 1024;

/** A person-readable rule: 满 ¥10,000.00 赠 3% */
export function prestoreRuleText(rule: { thresholdFen: number; bonusRateBp: number; bonusFen: number }): string {
  const gift = rule.bonusFen > 0 ? formatFen(rule.bonusFen) : `${rule.bonusRateBp / 100}%`;
  return `满 ${formatFen(rule.thresholdFen)} 赠 ${gift}`;
}

/** The tier a top-up reaches: the one with the highest threshold at or below the amount (none: no bonus). */
export function prestoreBonusTier<T extends { thresholdFen: number }>(amountFen: number, rules: readonly T[]): T | undefined {
  let best: T | undefined;
  for (const rule of rules) if (amountFen >= rule.thresholdFen && (!best || rule.thresholdFen > best.thresholdFen)) best = rule;
  return best;
}

/** The bonus a top-up earns: the highest tier it reaches (rate rounded down to the fen, plus any fixed bonus). */
export function prestoreBonusFen(amountFen: number, rules: readonly { thresholdFen: number; bonusRateBp: number; bonusFen: number }[]): number {
  const best = prestoreBonusTier(amountFen, rules);
  if (!best) return 0;
  return Math.floor((amountFen * best.bonusRateBp) / 10_000) + best.bonusFen;
}
