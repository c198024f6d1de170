import { sql } from 'drizzle-orm';
import { queryRows, type DbOrTx } from '../src/db/client';
import { creditApplications, invoiceApplications, orders, pointsApplications, prestoreApplications, rebateWithdrawals, transferApplications } from '../src/db/schema';

/**
 * What a staff decision pins, read the way the back office's queues read it (the same column),
 * for tests that decide on an application they just made (docs/security.md "Staff decisions
 * book what was seen"). The pin tests themselves read it from the staff lists, as the web does.
 */
const tables = {
  prestore: prestoreApplications,
  transfer: transferApplications,
  invoice: invoiceApplications,
  credit: creditApplications,
  withdrawal: rebateWithdrawals,
  points: pointsApplications,
};
export type PinnedKind = keyof typeof tables;

/** The application's version now. */
export async function versionOf(db: DbOrTx, kind: PinnedKind, rid: string): Promise<number> {
  const [row] = await queryRows<{ version: number }>(db, sql`select version from ${tables[kind]} where rid = ${rid}`);
  if (!row) throw new Error(`no ${kind} application ${rid}`);
  return Number(row.version);
}

/** The refund the order desk shows for an order now (what it has paid, 0 when not paid): what a staff cancel pins. */
export async function refundShown(db: DbOrTx, orderNo: string): Promise<number> {
  const [row] = await queryRows<{ payment: string; paid_fen: string }>(db, sql`select payment, paid_fen from ${orders} where order_no = ${orderNo}`);
  if (!row) throw new Error(`no order ${orderNo}`);
  return row.payment === 'paid' ? Number(row.paid_fen) : 0;
}
