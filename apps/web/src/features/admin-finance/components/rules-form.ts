import { adminPrestoreRulesBody, parseYuan, prestoreBonusFen, prestoreRuleText, type PrestoreRule } from '@lab/contract';

/** One tier as typed: 满 threshold 元 赠 rate %. */
export interface TierDraft {
  key: string;
  threshold: string;
  rate: string;
}

type Tier = Pick<PrestoreRule, 'thresholdFen' | 'bonusRateBp' | 'bonusFen'> & { text: string };

export type RulesCheck = { ok: true; rules: string; tiers: Tier[] } | { ok: false; message: string };

/**
 * The tiers as the server takes them (`rules`, JSON of threshold in yuan and rate in percent),
 * checked with the contract's schema first, so the page says what the server would; plus what
 * a person checks before saving: no blank rate, no threshold twice. Answers the tiers sorted,
 * each with its text (满 ¥10,000.00 赠 3%).
 */
export function checkTiers(drafts: TierDraft[]): RulesCheck {
  for (const draft of drafts) {
    if (!draft.threshold.trim()) return { ok: false, message: '[起赠金额]不能为空' };
    if (!draft.rate.trim()) return { ok: false, message: '[赠送比例]不能为空' };
  }
  const rules = JSON.stringify(drafts.map((d) => ({ threshold: d.threshold.trim(), rate: d.rate.trim() })));
  const checked = adminPrestoreRulesBody.safeParse({ rules });
  if (!checked.success) return { ok: false, message: checked.error.issues[0]?.message ?? '[预存规则]格式不正确' };
  const tiers = checked.data.rules
    .map((r) => ({ thresholdFen: r.threshold, bonusRateBp: Math.round(r.rate * 100), bonusFen: 0 }))
    .sort((a, b) => a.thresholdFen - b.thresholdFen);
  if (new Set(tiers.map((t) => t.thresholdFen)).size !== tiers.length) return { ok: false, message: '[起赠金额]不能重复' };
  return { ok: true, rules, tiers: tiers.map((t) => ({ ...t, text: prestoreRuleText(t) })) };
}

/** What an example top-up would earn under the tiers being edited (null while the amount is not one). */
export function exampleTopUp(tiers: Tier[], amountText: string): { amountFen: number; bonusFen: number } | null {
  const amountFen = parseYuan(amountText, '充值金额');
  return typeof amountFen === 'string' ? null : { amountFen, bonusFen: prestoreBonusFen(amountFen, tiers) };
}

/** The tiers in force as the editor's rows (yuan and percent, as typed). */
export const toDrafts = (rules: PrestoreRule[]): TierDraft[] =>
  rules.map((r) => ({ key: String(r.id), threshold: String(r.thresholdFen / 100), rate: String(r.bonusRateBp / 100) }));
