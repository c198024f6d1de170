import { eq, inArray } from 'drizzle-orm';
import { PAY_VENDOR_NAMES, type LedgerEntry } from '@lab/contract';
import type { DbOrTx } from '../../db/client';
import { onlinePayments, onlineRefunds } from '../payments/payments.tables';

/**
 * Online money in the ledger views and exports (docs/payments.md "What finance reconciles"):
 * an `online_pay` entry (reference pay:<payment no>) and an `online_refund` entry (refund:<refund
 * no>) read with their channel, 在线支付（微信支付） / 原路退款（支付宝）.
 */
const PAY_PREFIX = 'pay:';
const REFUND_PREFIX = 'refund:';
/** an export reads up to 50,000 entries: their numbers are looked up a thousand at a time */
const chunks = <T>(items: T[], size = 1000): T[][] => Array.from({ length: Math.ceil(items.length / size) }, (_, i) => items.slice(i * size, (i + 1) * size));

export async function withChannels<E extends Pick<LedgerEntry, 'type' | 'typeText' | 'reference'>>(db: DbOrTx, entries: E[]): Promise<E[]> {
  const paymentNos = entries.filter((e) => e.type === 'online_pay' && e.reference.startsWith(PAY_PREFIX)).map((e) => e.reference.slice(PAY_PREFIX.length));
  const refundNos = entries.filter((e) => e.type === 'online_refund' && e.reference.startsWith(REFUND_PREFIX)).map((e) => e.reference.slice(REFUND_PREFIX.length));
  if (!paymentNos.length && !refundNos.length) return entries;
  const vendors = new Map<string, keyof typeof PAY_VENDOR_NAMES>();
  for (const part of chunks([...new Set(paymentNos)])) {
    for (const p of await db.select({ no: onlinePayments.paymentNo, vendor: onlinePayments.vendor }).from(onlinePayments).where(inArray(onlinePayments.paymentNo, part))) vendors.set(`${PAY_PREFIX}${p.no}`, p.vendor);
  }
  for (const part of chunks([...new Set(refundNos)])) {
    const rows = await db
      .select({ no: onlineRefunds.refundNo, vendor: onlinePayments.vendor })
      .from(onlineRefunds)
      .innerJoin(onlinePayments, eq(onlinePayments.id, onlineRefunds.paymentId))
      .where(inArray(onlineRefunds.refundNo, part));
    for (const r of rows) vendors.set(`${REFUND_PREFIX}${r.no}`, r.vendor);
  }
  return entries.map((e) => {
    const vendor = (e.type === 'online_pay' || e.type === 'online_refund') && vendors.get(e.reference);
    return vendor ? { ...e, typeText: `${e.typeText}（${PAY_VENDOR_NAMES[vendor]}）` } : e;
  });
}
