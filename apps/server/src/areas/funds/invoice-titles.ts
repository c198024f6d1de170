import { and, count, desc, eq, ne, sql } from 'drizzle-orm';
import { MAX_INVOICE_TITLES, type InvoiceTitle, type InvoiceTitleAddBody } from '@lab/contract';
import type { Db, DbOrTx } from '../../db/client';
import { badRequest, notFound } from '../../platform/errors';
import { randomId } from '../../platform/crypto';
import { invoiceTitles } from './funds.tables';


/** Invoice titles (抬头): a member's own, one default. */

export type TitleRow = typeof invoiceTitles.$inferSelect;

export const specialReady = (t: { kind: string; taxNo: string | null; bank: string | null; bankAccount: string | null; address: string | null; phone: string | null }) =>
  t.kind === 'unit' && Boolean(t.taxNo && t.bank && t.bankAccount && t.address && t.phone);

const toTitle = (row: TitleRow): InvoiceTitle => ({
  rid: row.rid,
  kind: row.kind,
  title: row.title,
  tax_no: row.taxNo,
  bank: row.bank,
  bank_account: row.bankAccount,
  address: row.address,
  phone: row.phone,
  email: row.email,
  default: row.isDefault ? 1 : 0,
  specialReady: specialReady(row),
});

const titleValues = (input: InvoiceTitleAddBody) => ({
  kind: input.kind,
  title: input.title,
  taxNo: input.tax_no ?? null,
  bank: input.bank ?? null,
  bankAccount: input.bank_account ?? null,
  address: input.address ?? null,
  phone: input.phone ?? null,
  email: input.email ?? null,
});

async function lockTitles(tx: DbOrTx, memberId: number) {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`invoice-titles:${memberId}`}))`);
}

export async function findOwnTitle(db: DbOrTx, memberId: number, rid: string): Promise<TitleRow> {
  const [row] = await db.select().from(invoiceTitles).where(and(eq(invoiceTitles.rid, rid), eq(invoiceTitles.memberId, memberId))).limit(1);
  if (!row) throw notFound('发票抬头');
  return row;
}

/** invoice/list: default first, then newest. */
export async function listTitles(db: DbOrTx, memberId: number): Promise<InvoiceTitle[]> {
  const rows = await db.select().from(invoiceTitles).where(eq(invoiceTitles.memberId, memberId)).orderBy(desc(invoiceTitles.isDefault), desc(invoiceTitles.createdAt), desc(invoiceTitles.id));
  return rows.map(toTitle);
}

/** invoice/add: the first title becomes the default. */
export async function addTitle(db: Db, memberId: number, input: InvoiceTitleAddBody, now: Date): Promise<InvoiceTitle> {
  const row = await db.transaction(async (tx) => {
    await lockTitles(tx, memberId);
    const [n] = await tx.select({ n: count() }).from(invoiceTitles).where(eq(invoiceTitles.memberId, memberId));
    const existing = n?.n ?? 0;
    if (existing >= MAX_INVOICE_TITLES) throw badRequest(`最多保存${MAX_INVOICE_TITLES}个发票抬头，请先删除不用的抬头`);
    const makeDefault = input.default === '1' || existing === 0;
    if (makeDefault) await tx.update(invoiceTitles).set({ isDefault: false, updatedAt: now }).where(and(eq(invoiceTitles.memberId, memberId), eq(invoiceTitles.isDefault, true)));
    const [created] = await tx.insert(invoiceTitles).values({ rid: randomId(), memberId, ...titleValues(input), isDefault: makeDefault, createdAt: now, updatedAt: now }).returning();
    return created!;
  });
  return toTitle(row);
}

export async function editTitle(db: Db, memberId: number, input: InvoiceTitleAddBody & { rid: string }, now: Date): Promise<InvoiceTitle> {
  const row = await db.transaction(async (tx) => {
    await lockTitles(tx, memberId);
    const current = await findOwnTitle(tx, memberId, input.rid);
    const makeDefault = current.isDefault || input.default === '1';
    if (makeDefault && !current.isDefault) await tx.update(invoiceTitles).set({ isDefault: false, updatedAt: now }).where(and(eq(invoiceTitles.memberId, memberId), eq(invoiceTitles.isDefault, true)));
    const [updated] = await tx.update(invoiceTitles).set({ ...titleValues(input), isDefault: makeDefault, updatedAt: now }).where(eq(invoiceTitles.id, current.id)).returning();
    return updated!;
  });
  return toTitle(row);
}

/** invoice/del: applications keep their own copy of the title; the default passes to the newest. */
export async function deleteTitle(db: Db, memberId: number, rid: string, now: Date): Promise<void> {
  await db.transaction(async (tx) => {
    await lockTitles(tx, memberId);
    const current = await findOwnTitle(tx, memberId, rid);
    await tx.delete(invoiceTitles).where(eq(invoiceTitles.id, current.id));
    if (!current.isDefault) return;
    const [next] = await tx
      .select({ id: invoiceTitles.id })
      .from(invoiceTitles)
      .where(and(eq(invoiceTitles.memberId, memberId), ne(invoiceTitles.id, current.id)))
      .orderBy(desc(invoiceTitles.createdAt), desc(invoiceTitles.id))
      .limit(1);
    if (next) await tx.update(invoiceTitles).set({ isDefault: true, updatedAt: now }).where(eq(invoiceTitles.id, next.id));
  });
}

export async function setDefaultTitle(db: Db, memberId: number, rid: string, now: Date): Promise<void> {
  await db.transaction(async (tx) => {
    await lockTitles(tx, memberId);
    const current = await findOwnTitle(tx, memberId, rid);
    if (current.isDefault) return;
    await tx.update(invoiceTitles).set({ isDefault: false, updatedAt: now }).where(and(eq(invoiceTitles.memberId, memberId), eq(invoiceTitles.isDefault, true)));
    await tx.update(invoiceTitles).set({ isDefault: true, updatedAt: now }).where(eq(invoiceTitles.id, current.id));
  });
}
