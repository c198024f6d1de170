import { z } from 'zod';
import { adminPrestoreRulesBody, parseYuan, prestoreBonusFen, prestoreRuleText, requiredText, type PrestoreRule } from '@lab/contract';
import { previewValues } from '../../../lib/form-check';

/** One tier as typed: 满 threshold 元 赠 rate %. */
export interface TierDraft {
  key: string;
  threshold: string;
  rate: string;
}

type Tier = Pick<PrestoreRule, 'thresholdFen' | 'bonusRateBp' | 'bonusFen'> & { text: string };

/** The tiers as the form holds them and the server takes them (`rules`: threshold in yuan, rate in percent). */
export const tiersBody = (drafts: TierDraft[]) => ({ rules: drafts.map((d) => ({ threshold: d.threshold.trim(), rate: d.rate.trim() })) });

/**
 * The page's check of the tiers: what a person checks before saving (no blank field — a blank
 * rate would read as 0), then the contract's schema, so the page says what the server would,
 * then no threshold twice. Problems sit at `rules.<n>.<field>`, the form's own fields.
 */
export const tiersSchema = z
  .object({ rules: z.array(z.object({ threshold: requiredText('起赠金额'), rate: requiredText('赠送比例') })) })
  // the contract reads `rules` as JSON text or as the list itself
  .transform((values): { rules: unknown } => values)
  .pipe(adminPrestoreRulesBody)
  .superRefine(({ rules }, ctx) => {
    const twice = rules.findIndex((rule, n) => rules.findIndex((other) => other.threshold === rule.threshold) < n);
    if (twice >= 0) ctx.addIssue({ code: 'custom', path: ['rules', twice, 'threshold'], message: '[起赠金额]不能重复' });
  });

/** The tiers that would be saved, sorted, each with its text (满 ¥10,000.00 赠 3%), or null while they do not pass. */
export function previewTiers(drafts: TierDraft[]): { rules: string; tiers: Tier[] } | null {
  const checked = previewValues(tiersSchema, tiersBody(drafts));
  if (!checked) return null;
  const tiers = checked.rules
    .map((r) => ({ thresholdFen: r.threshold, bonusRateBp: Math.round(r.rate * 100), bonusFen: 0 }))
    .sort((a, b) => a.thresholdFen - b.thresholdFen);
  return { rules: JSON.stringify(tiersBody(drafts).rules), tiers: tiers.map((t) => ({ ...t, text: prestoreRuleText(t) })) };
}

/** What an example top-up would earn under the tiers being edited (null while the amount is not one). */
export function exampleTopUp(tiers: Tier[], amountText: string): { amountFen: number; bonusFen: number } | null {
  const amountFen = parseYuan(amountText, '充值金额');
  return typeof amountFen === 'string' ? null : { amountFen, bonusFen: prestoreBonusFen(amountFen, tiers) };
}

/** The tiers in force as the editor's rows (yuan and percent, as typed). */
export const toDrafts = (rules: PrestoreRule[]): TierDraft[] =>
  rules.map((r) => ({ key: String(r.id), threshold: String(r.thresholdFen / 100), rate: String(r.bonusRateBp / 100) }));
