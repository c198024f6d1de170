import {
  and,
  eq,
  gte,
  inArray,
  lt,
  sql,
} from 'drizzle-orm';
import {
  addDays,
  labDay,
  labDayEnd,
  labDayStart,
  labNow,
  PAY_VENDOR_NAMES,
  type ReconcileRun,
} from '@lab/contract';
import type { Db, DbOrTx, Tx } from '../../db/client';
import { AppError, badRequest, conflict } from '../../platform/errors';
import { PAY_VENDORS, type BillLine, type PayVendor } from '../../platform/providers/payment-gateway';
import type { PaymentProviders } from '../../platform/providers';
import { onlinePayments, onlineRefunds } from './payments.tables';
import { paymentReconciliationLines, paymentReconciliations } from './reconciliation.tables';
import { getJobSettings } from '../../platform/job-settings';
import { toRunViews } from './reconcile-views.service';

/**
 * Finance's daily reconciliation (docs/payments.md "What finance reconciles"): for a vendor and
 * a lab day, the gateway's bill (provider.downloadBill) against our records — the payments paid
 * that day and the refunds that succeeded that day — and every line on which they disagree:
 *
 * - amount: both have the payment, the amounts differ;
 * - bill_only: the bill has a payment we have not as paid (no record, or ours open/closed/failed);
 * - ours_only: ours is paid that day, the bill does not have it;
 * - refund_amount / refund_bill_only / refund_ours_only: the same for refunds (ours: success).
 *
 * The bill is downloaded first (outside any transaction: it is a call to the vendor); the
 * comparison and the run are written in one transaction under a lock of (vendor, day), which
 * replaces the day's previous run and lines. A line found again keeps its resolution.
 */

type RunRow = typeof paymentReconciliations.$inferSelect;
type LineRow = typeof paymentReconciliationLines.$inferSelect;
type NewLine = Omit<typeof paymentReconciliationLines.$inferInsert, 'runId'>;

/** The vendors the shop takes money through now: a real provider, or the local gateway while it serves. */
export const configuredVendors = (providers: PaymentProviders): PayVendor[] => PAY_VENDORS.filter((v) => providers[v].name !== 'local' || providers.local !== null);

const CHUNK = 1000;
async function chunked<T, R>(items: T[], read: (part: T[]) => Promise<R[]>): Promise<R[]> {
  const out: R[] = [];
  for (let i = 0; i < items.length; i += CHUNK) out.push(...(await read(items.slice(i, i + CHUNK))));
  return out;
}

const sum = (values: number[]) => values.reduce((s, v) => s + v, 0);

/** Compares a bill with our records of the day; answers the totals and the lines (inside the run's transaction). */
async function compare(tx: Tx, vendor: PayVendor, provider: string, day: string, bill: BillLine[]) {
  const from = labDayStart(day);
  const to = labDayEnd(day);
  const billPays = bill.filter((l) => l.kind === 'payment');
  const billRefunds = bill.filter((l) => l.kind === 'refund');

  const oursPaid = await tx
    .select()
    .from(onlinePayments)
    .where(and(eq(onlinePayments.vendor, vendor), eq(onlinePayments.provider, provider), eq(onlinePayments.state, 'paid'), gte(onlinePayments.paidAt, from), lt(onlinePayments.paidAt, to)));
  const oursRefunded = await tx
    .select({ refund: onlineRefunds, paymentNo: onlinePayments.paymentNo })
    .from(onlineRefunds)
    .innerJoin(onlinePayments, eq(onlinePayments.id, onlineRefunds.paymentId))
    .where(and(eq(onlinePayments.vendor, vendor), eq(onlinePayments.provider, provider), eq(onlineRefunds.state, 'success'), gte(onlineRefunds.succeededAt, from), lt(onlineRefunds.succeededAt, to)));

  // the bill's payments and refunds as we have them (any day, any state)
  const billNos = [...new Set(billPays.map((l) => l.outTradeNo))];
  const known = new Map((await chunked(billNos, (part) => tx.select().from(onlinePayments).where(inArray(onlinePayments.paymentNo, part)))).map((p) => [p.paymentNo, p]));
  const refundNos = [...new Set(billRefunds.map((l) => l.outRefundNo ?? ''))].filter(Boolean);
  const knownRefunds = new Map(
    (
      await chunked(refundNos, (part) =>
        tx.select({ refund: onlineRefunds, paymentNo: onlinePayments.paymentNo }).from(onlineRefunds).innerJoin(onlinePayments, eq(onlinePayments.id, onlineRefunds.paymentId)).where(inArray(onlineRefunds.refundNo, part)),
      )
    ).map((r) => [r.refund.refundNo, r]),
  );

  const lines: NewLine[] = [];
  const seenPays = new Set<string>();
  for (const line of billPays) {
    seenPays.add(line.outTradeNo);
    const ours = known.get(line.outTradeNo);
    const base = { paymentNo: line.outTradeNo, tradeNo: line.tradeNo, billFen: line.amountFen };
    if (!ours || ours.vendor !== vendor || ours.state !== 'paid') {
      lines.push({ ...base, kind: 'bill_only', ourFen: ours ? Number(ours.amountFen) : null, ourState: ours ? ours.state : 'none' });
    } else if (Number(ours.amountFen) !== line.amountFen) {
      lines.push({ ...base, kind: 'amount', ourFen: Number(ours.amountFen) });
    }
  }
  for (const ours of oursPaid) {
    if (!seenPays.has(ours.paymentNo)) lines.push({ kind: 'ours_only', paymentNo: ours.paymentNo, tradeNo: ours.tradeNo ?? '', billFen: null, ourFen: Number(ours.amountFen) });
  }
  const seenRefunds = new Set<string>();
  for (const line of billRefunds) {
    const refundNo = line.outRefundNo ?? '';
    seenRefunds.add(refundNo);
    const ours = knownRefunds.get(refundNo);
    const base = { paymentNo: line.outTradeNo, refundNo, tradeNo: line.tradeNo, billFen: line.amountFen };
    if (!ours || ours.refund.state !== 'success') {
      lines.push({ ...base, kind: 'refund_bill_only', ourFen: ours ? Number(ours.refund.amountFen) : null, ourState: ours ? ours.refund.state : 'none' });
    } else if (Number(ours.refund.amountFen) !== line.amountFen) {
      lines.push({ ...base, kind: 'refund_amount', ourFen: Number(ours.refund.amountFen) });
    }
  }
  for (const { refund, paymentNo } of oursRefunded) {
    if (!seenRefunds.has(refund.refundNo)) lines.push({ kind: 'refund_ours_only', paymentNo, refundNo: refund.refundNo, tradeNo: '', billFen: null, ourFen: Number(refund.amountFen) });
  }

  return {
    totals: {
      billPayCount: billPays.length,
      billPayFen: sum(billPays.map((l) => l.amountFen)),
      billRefundCount: billRefunds.length,
      billRefundFen: sum(billRefunds.map((l) => l.amountFen)),
      ourPayCount: oursPaid.length,
      ourPayFen: sum(oursPaid.map((p) => Number(p.amountFen))),
      ourRefundCount: oursRefunded.length,
      ourRefundFen: sum(oursRefunded.map((r) => Number(r.refund.amountFen))),
    },
    lines,
  };
}

const lineKey = (l: { kind: string; paymentNo: string; refundNo?: string | null }) => `${l.kind}|${l.paymentNo}|${l.refundNo ?? ''}`;

export interface RunBy {
  kind: 'job' | 'staff';
  staffId?: number;
}

async function lockDay(tx: DbOrTx, vendor: PayVendor, day: string) {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`reconcile:${vendor}:${day}`}))`);
}

/** A vendor's bill of a day as downloaded, or why it could not be. */
export type FetchedBill = { bill: BillLine[]; error: '' } | { bill: null; error: string };

/** Only a day that is over can be reconciled (its bill is complete). */
export function assertDayOver(day: string, now: Date) {
  if (day >= labDay(now)) throw badRequest('只能对已结束的日期对账');
}

/** Downloads a vendor's bill of a day (a call to the vendor: never inside a transaction). */
export async function fetchBill(providers: PaymentProviders, vendor: PayVendor, day: string): Promise<FetchedBill> {
  try {
    return { bill: await providers[vendor].downloadBill(day), error: '' };
  } catch (e) {
    return { bill: null, error: `账单下载失败：${(e instanceof Error ? e.message : String(e)).slice(0, 300)}` };
  }
}

/**
 * Records a day's comparison: replaces the day's run and its lines in one transaction (or inside
 * the caller's). A bill that could not be downloaded records a failed run, unless the day was
 * already reconciled (that result stays); it answers the failed run either way.
 */
export async function recordRun(db: DbOrTx, provider: string, vendor: PayVendor, day: string, fetched: FetchedBill, by: RunBy, now: Date): Promise<RunRow> {
  const runValues = { vendor, day, provider, runBy: by.kind, staffId: by.staffId ?? null, ranAt: now } as const;
  return db.transaction(async (tx) => {
    await lockDay(tx, vendor, day);
    const [previous] = await tx.select().from(paymentReconciliations).where(and(eq(paymentReconciliations.vendor, vendor), eq(paymentReconciliations.day, day))).limit(1);
    if (!fetched.bill) {
      const error = fetched.error;
      if (previous?.state === 'done') return { ...previous, state: 'failed' as const, error };
      const values = { ...runValues, state: 'failed' as const, error, mismatchCount: 0 };
      const [row] = previous
        ? await tx.update(paymentReconciliations).set(values).where(eq(paymentReconciliations.id, previous.id)).returning()
        : await tx.insert(paymentReconciliations).values(values).returning();
      return row!;
    }
    const { totals, lines } = await compare(tx, vendor, provider, day, fetched.bill);
    // resolutions of lines found again are kept
    const resolved = new Map<string, LineRow>();
    if (previous) {
      for (const l of await tx.select().from(paymentReconciliationLines).where(eq(paymentReconciliationLines.runId, previous.id))) if (l.resolvedAt) resolved.set(lineKey(l), l);
      await tx.delete(paymentReconciliationLines).where(eq(paymentReconciliationLines.runId, previous.id));
    }
    const values = { ...runValues, state: 'done' as const, error: '', ...totals, mismatchCount: lines.length };
    const [run] = previous
      ? await tx.update(paymentReconciliations).set(values).where(eq(paymentReconciliations.id, previous.id)).returning()
      : await tx.insert(paymentReconciliations).values(values).returning();
    if (lines.length) {
      await tx.insert(paymentReconciliationLines).values(
        lines.map((l) => {
          const kept = resolved.get(lineKey(l));
          return { ...l, runId: run!.id, ...(kept ? { resolvedAt: kept.resolvedAt, resolvedBy: kept.resolvedBy, resolveNote: kept.resolveNote } : {}) };
        }),
      );
    }
    return run!;
  });
}

/** Reconciles one vendor's day: the bill downloaded first, then the comparison recorded. */
export async function reconcileDay(db: Db, providers: PaymentProviders, vendor: PayVendor, day: string, by: RunBy, now: Date): Promise<RunRow> {
  assertDayOver(day, now);
  const fetched = await fetchBill(providers, vendor, day);
  return recordRun(db, providers[vendor].name, vendor, day, fetched, by, now);
}

/**
 * The daily job: from the configured hour (lab time) on, yesterday's bill of every configured
 * vendor not yet reconciled (a failed download is tried again at the next run, the same day).
 */
export async function reconcileYesterday(db: Db, providers: PaymentProviders, now: Date): Promise<RunRow[]> {
  const { reconcileHour } = await getJobSettings(db);
  const { date, hour } = labNow(now);
  if (hour < reconcileHour) return [];
  const day = addDays(date, -1);
  const done = await db
    .select({ vendor: paymentReconciliations.vendor })
    .from(paymentReconciliations)
    .where(and(eq(paymentReconciliations.day, day), eq(paymentReconciliations.state, 'done')));
  const runs: RunRow[] = [];
  for (const vendor of configuredVendors(providers)) {
    if (done.some((d) => d.vendor === vendor)) continue;
    runs.push(await reconcileDay(db, providers, vendor, day, { kind: 'job' }, now));
  }
  return runs;
}

/** The vendors a staff re-run covers: the one named, or every configured one. */
export function rerunVendors(providers: PaymentProviders, vendor: PayVendor | undefined): PayVendor[] {
  const vendors = vendor ? [vendor] : configuredVendors(providers);
  if (vendors.length === 0) throw conflict('尚未开通在线支付渠道');
  return vendors;
}

/**
 * reconcile/run (staff): the bills were downloaded before the call's transaction opened
 * (`fetched`); each vendor's day is replaced in it. A failed download answers 502 with its reason
 * and records nothing.
 */
export async function rerunDay(db: DbOrTx, providers: PaymentProviders, staffId: number, day: string, fetched: Map<PayVendor, FetchedBill>, now: Date): Promise<ReconcileRun[]> {
  assertDayOver(day, now);
  const runs: RunRow[] = [];
  for (const [vendor, bill] of fetched) {
    if (!bill.bill) throw new AppError('RECONCILE_BILL', `${PAY_VENDOR_NAMES[vendor]}${bill.error}`, { status: 502 });
    runs.push(await recordRun(db, providers[vendor].name, vendor, day, bill, { kind: 'staff', staffId }, now));
  }
  return toRunViews(db, runs);
}
