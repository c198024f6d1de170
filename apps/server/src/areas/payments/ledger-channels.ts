import { eq, inArray } from 'drizzle-orm';
import { PAY_VENDOR_NAMES } from '@lab/contract';
import type { DbOrTx } from '../../db/client';
import { onlinePayments, onlineRefunds } from './payments.tables';

/** an export reads up to 50,000 entries: their numbers are looked up a thousand at a time */
const chunks = <T>(items: T[], size = 1000): T[][] => Array.from({ length: Math.ceil(items.length / size) }, (_, i) => items.slice(i * size, (i + 1) * size));

/**
 * The channel of online payments and refunds by number, for the funds' ledger views (funds'
 * withChannels; registered in src/area-hooks.ts): `pay:<no>` / `refund:<no>` → 微信支付, 支付宝 ….
 */
export async function ledgerChannelNames(db: DbOrTx, numbers: { paymentNos: string[]; refundNos: string[] }): Promise<Map<string, string>> {
  const names = new Map<string, string>();
  for (const part of chunks(numbers.paymentNos)) {
    for (const p of await db.select({ no: onlinePayments.paymentNo, vendor: onlinePayments.vendor }).from(onlinePayments).where(inArray(onlinePayments.paymentNo, part))) names.set(`pay:${p.no}`, PAY_VENDOR_NAMES[p.vendor]);
  }
  for (const part of chunks(numbers.refundNos)) {
    const rows = await db
      .select({ no: onlineRefunds.refundNo, vendor: onlinePayments.vendor })
      .from(onlineRefunds)
      .innerJoin(onlinePayments, eq(onlinePayments.id, onlineRefunds.paymentId))
      .where(inArray(onlineRefunds.refundNo, part));
    for (const r of rows) names.set(`refund:${r.no}`, PAY_VENDOR_NAMES[r.vendor]);
  }
  return names;
}
