import { asc, count, eq, sql } from 'drizzle-orm';
import { formatFen, MAX_AMOUNT_FEN, prestoreBonusFen, prestoreBonusTier, prestoreRuleText, type BankAccount, type ApprovalFiled, type PrestoreReady, type PrestoreRule, type PrestoreRules } from '@lab/contract';
import type { DbOrTx } from '../../db/client';
import { gateAction, type Acting } from '../approvals';
import { fundsSettings, prestoreRules } from './funds.tables';


/** The prestore bonus tiers (满 X 赠 Y%) and the funds settings (the lab's bank account, limits). */

/** The lab's account for 对公转账 and the limits, until finance saves others (funds_settings). */
export const defaultFundsSettings = {
  bank: { accountName: '上海科研检测技术服务有限公司', bankName: '招商银行上海徐汇支行', accountNo: '1219 0876 5410 201' } satisfies BankAccount,
  minTopupFen: 100_00,
  transferApprovalFen: 5_000_00,
};

export const defaultPrestoreTiers = [
  { thresholdFen: 10_000_00, bonusRateBp: 300, bonusFen: 0 },
  { thresholdFen: 50_000_00, bonusRateBp: 500, bonusFen: 0 },
  { thresholdFen: 100_000_00, bonusRateBp: 800, bonusFen: 0 },
];

/** Seeds the default tiers once (an empty rule table only). */
export async function seedFunds(db: DbOrTx): Promise<void> {
  const [existing] = await db.select({ n: count() }).from(prestoreRules);
  if ((existing?.n ?? 0) === 0) await db.insert(prestoreRules).values(defaultPrestoreTiers);
}

export async function getFundsSettings(db: DbOrTx) {
  const [row] = await db.select().from(fundsSettings).where(eq(fundsSettings.id, 1)).limit(1);
  if (!row) return defaultFundsSettings;
  return {
    bank: { accountName: row.bankAccountName, bankName: row.bankName, accountNo: row.bankAccountNo },
    minTopupFen: Number(row.minTopupFen),
    transferApprovalFen: Number(row.transferApprovalFen),
  };
}

export async function activeRules(db: DbOrTx): Promise<PrestoreRule[]> {
  const rows = await db.select().from(prestoreRules).where(eq(prestoreRules.active, true)).orderBy(asc(prestoreRules.thresholdFen));
  return rows.map((r) => {
    const rule = { thresholdFen: Number(r.thresholdFen), bonusRateBp: r.bonusRateBp, bonusFen: Number(r.bonusFen) };
    return { id: r.id, ...rule, text: prestoreRuleText(rule) };
  });
}

/**
 * The bonus of a top-up and the tier it comes from. Without `fixed`: under the tiers in force
 * now (an online payment fixes both at start). With the `fixed` bonus and tier of a started
 * online top-up: what it may pay when it is booked — never more than the tier recorded at start
 * gives this amount (tier rows are written only past the approval gate, and never deleted),
 * nothing without one, whatever number the payment row holds; a payment started before tiers
 * were recorded on payments is held to the tiers in force now.
 */
export async function topUpBonus(db: DbOrTx, amountFen: number, fixed?: { bonusFen: number; ruleId: number | null }): Promise<{ bonusFen: number; ruleId: number | null }> {
  if (fixed === undefined) {
    const tier = prestoreBonusTier(amountFen, await activeRules(db));
    return tier ? { bonusFen: prestoreBonusFen(amountFen, [tier]), ruleId: tier.id } : { bonusFen: 0, ruleId: null };
  }
  const { ruleId } = fixed;
  if (fixed.bonusFen <= 0) return { bonusFen: 0, ruleId };
  if (ruleId === null) return { bonusFen: Math.min(fixed.bonusFen, (await topUpBonus(db, amountFen)).bonusFen), ruleId };
  const [tier] = await db.select().from(prestoreRules).where(eq(prestoreRules.id, ruleId)).limit(1);
  if (!tier) return { bonusFen: 0, ruleId };
  const tierFen = prestoreBonusFen(amountFen, [{ thresholdFen: Number(tier.thresholdFen), bonusRateBp: tier.bonusRateBp, bonusFen: Number(tier.bonusFen) }]);
  return { bonusFen: Math.min(fixed.bonusFen, tierFen), ruleId };
}

/** prestore/rule */
export async function getPrestoreRules(db: DbOrTx): Promise<PrestoreRules> {
  const [rules, settings] = await Promise.all([activeRules(db), getFundsSettings(db)]);
  return { rules, bank: settings.bank, minAmountFen: settings.minTopupFen, transferApprovalFen: settings.transferApprovalFen };
}

/** prestoreApply/readyPayNum */
export async function readyPay(db: DbOrTx, amountFen: number | undefined): Promise<PrestoreReady> {
  const rules = await getPrestoreRules(db);
  return { ...rules, amountFen: amountFen ?? null, bonusFen: amountFen === undefined ? null : prestoreBonusFen(amountFen, rules.rules) };
}

type Tier = { thresholdFen: number; bonusRateBp: number; bonusFen: number };

/**
 * The most one top-up gains under `next` over `current`, and at which amount: tiers are steps
 * of a rate, so the difference is linear between thresholds and its largest value is at a
 * threshold, just below one, or at the largest top-up a form accepts (¥10,000,000).
 */
export function bonusRaise(current: readonly Tier[], next: readonly Tier[]): { raiseFen: number; atFen: number } {
  const edges = [...current, ...next].flatMap((t) => [t.thresholdFen, t.thresholdFen - 1]);
  const amounts = [...new Set([...edges, MAX_AMOUNT_FEN])].filter((a) => a >= 1 && a <= MAX_AMOUNT_FEN);
  let best = { raiseFen: 0, atFen: 0 };
  for (const amount of amounts) {
    const raise = prestoreBonusFen(amount, next) - prestoreBonusFen(amount, current);
    if (raise > best.raiseFen || (raise === best.raiseFen && raise > 0 && amount < best.atFen)) best = { raiseFen: raise, atFen: amount };
  }
  return best;
}

const tiersText = (tiers: readonly Tier[]) => (tiers.length ? tiers.map((t) => prestoreRuleText(t)).join('、') : '不赠送');

/**
 * Staff: replaces the tiers (rate in percent), old tiers turn inactive. The tiers pay out on
 * every top-up while they are live — a transfer confirmed, an online payment started — so a
 * change that raises the bonus of any top-up (measured: the most one top-up gains) is filed for
 * a second person whatever the maker's role (the bonus kind has no limit); lowering or removing
 * tiers gives nothing and is saved at once.
 */
export async function savePrestoreRules(db: DbOrTx, acting: Acting, tiers: { threshold: number; rate: number }[], now: Date): Promise<PrestoreRule[] | ApprovalFiled> {
  const next: Tier[] = tiers.map((t) => ({ thresholdFen: t.threshold, bonusRateBp: Math.round(t.rate * 100), bonusFen: 0 })).sort((a, b) => a.thresholdFen - b.thresholdFen);
  const saved = await db.transaction(async (tx) => {
    // one tier change at a time: a second waits here, then measures against the first's result
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext('prestore:rules'))`);
    const current = await activeRules(tx);
    const { raiseFen, atFen } = bonusRaise(current, next);
    const example = raiseFen > 0 ? `；充值 ${formatFen(atFen)} 时赠送由 ${formatFen(prestoreBonusFen(atFen, current))} 变为 ${formatFen(prestoreBonusFen(atFen, next))}` : '';
    const filed = await gateAction(
      tx,
      acting,
      {
        action: 'prestore.rules',
        valueFen: raiseFen,
        payload: { rules: tiers },
        summary: `预存赠送规则由「${tiersText(current)}」改为「${tiersText(next)}」：单笔充值最多多送 ${formatFen(raiseFen)}${example}`,
        target: '预存赠送规则',
        dedupeKey: 'prestore.rules',
        duplicateMessage: '已有一项预存赠送规则的修改在审批中，请等待审批结果或先撤回',
      },
      now,
    );
    if (filed) return filed;
    await tx.update(prestoreRules).set({ active: false }).where(eq(prestoreRules.active, true));
    if (next.length > 0) await tx.insert(prestoreRules).values(next.map((t) => ({ ...t, createdAt: now })));
    return null;
  });
  return saved ?? activeRules(db);
}
