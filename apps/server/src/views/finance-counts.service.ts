import { count, countDistinct, eq } from 'drizzle-orm';
import type { FinanceQueueCounts } from '@lab/contract';
import type { DbOrTx } from '../db/client';
import { creditApplications } from '../areas/funds/credit.tables';
import { invoiceApplications, invoiceRedLetters } from '../areas/funds/invoices.tables';
import { prestoreApplications, transferApplications } from '../areas/funds/prestore.tables';
import { rebateWithdrawals } from '../areas/growth/growth.tables';

/**
 * The finance menu's badges: how many applications wait in each queue — funds' top-ups,
 * invoices, 红冲, transfers and credit, and growth's rebate withdrawals (each count reads its
 * status index).
 */
export async function financeQueueCounts(db: DbOrTx): Promise<FinanceQueueCounts> {
  const n = (rows: { n: number }[]) => rows[0]?.n ?? 0;
  const [prestore, invoice, invoiceRed, transfer, withdrawal, credit] = await Promise.all([
    db.select({ n: count() }).from(prestoreApplications).where(eq(prestoreApplications.status, 'pending')).then(n),
    db.select({ n: count() }).from(invoiceApplications).where(eq(invoiceApplications.status, 'pending')).then(n),
    db.select({ n: countDistinct(invoiceRedLetters.applicationId) }).from(invoiceRedLetters).where(eq(invoiceRedLetters.status, 'needed')).then(n),
    db.select({ n: count() }).from(transferApplications).where(eq(transferApplications.status, 'pending')).then(n),
    db.select({ n: count() }).from(rebateWithdrawals).where(eq(rebateWithdrawals.status, 'pending')).then(n),
    db.select({ n: count() }).from(creditApplications).where(eq(creditApplications.status, 'pending')).then(n),
  ]);
  return { prestore, invoice, invoiceRed, transfer, withdrawal, credit };
}
