import { and, asc, count, countDistinct, desc, eq, inArray, sql, type AnyColumn, type SQL } from 'drizzle-orm';
import {
  organizationLabels,
  type AdminCredit,
  type AdminCreditListBody,
  type AdminInvoice,
  type AdminInvoiceListBody,
  type AdminPrestore,
  type AdminPrestoreListBody,
  type AdminTransfer,
  type AdminTransferListBody,
  type FinanceQueueCounts,
  type Page,
} from '@lab/contract';
import type { DbOrTx } from '../../db/client';
import { members, staff } from '../accounts/accounts.tables';
import { dayRange, keywordFilter, memberRefColumns, toMemberRef } from './admin-filters';
import { rebateWithdrawals } from '../growth/growth.tables';
import { creditApplications, creditLines, invoiceApplications, invoiceRedLetters, prestoreApplications, transferApplications } from './funds.tables';
import { toPrestoreViews } from './prestore.service';
import { toTransferViews } from './transfers.service';
import { toInvoiceViews } from './invoices.service';
import { toCreditView } from './credit.service';
import { paginate } from '../../db/paginate';

/**
 * The finance review queues as server tables: status (its index leads every query), the
 * member's phone or name or the application's number, a Shanghai date range, and the order
 * of arrival either way. One query for the page (with the member and the deciding staff
 * joined), one for the total, and one more per page for related rows — never one per row.
 */

/** Exports stop here: a year of a busy lab's applications fits many times over. */
export const EXPORT_MAX_ROWS = 50_000;

const arrival = (column: AnyColumn, id: AnyColumn, order: 'ascend' | 'descend' | undefined) => (order === 'ascend' ? [asc(column), asc(id)] : [desc(column), desc(id)]);
/** Rows fetched by id, put back in the order of the ids. */
const inOrder = <T>(ids: number[], rows: T[], idOf: (row: T) => number): T[] => {
  const byId = new Map(rows.map((r) => [idOf(r), r]));
  return ids.map((id) => byId.get(id)).filter((r): r is T => r !== undefined);
};
const pageOf = <T>(list: T[], total: number, query: { page: number; pageSize: number }): Page<T> => ({ list, total, page: query.page, pageSize: query.pageSize });
const limits = (query: { page?: number; pageSize?: number }) =>
  query.page && query.pageSize ? { limit: query.pageSize, offset: (query.page - 1) * query.pageSize } : { limit: EXPORT_MAX_ROWS, offset: 0 };

// ---- 预存审核 ----

type PrestoreQuery = Omit<AdminPrestoreListBody, 'page' | 'pageSize'> & { page?: number; pageSize?: number };

const prestoreWhere = async (db: DbOrTx, query: PrestoreQuery) =>
  and(
    query.status ? eq(prestoreApplications.status, query.status) : undefined,
    await keywordFilter(db, prestoreApplications.memberId, query.keyword, [prestoreApplications.applyNo]),
    dayRange(prestoreApplications.createdAt, query.from, query.to),
  );

async function prestoreRows(db: DbOrTx, query: PrestoreQuery, where: SQL | undefined): Promise<AdminPrestore[]> {
  const { limit, offset } = limits(query);
  // the page's ids first (a narrow sort), then its rows with the member and the deciding staff
  const ids = (await db.select({ id: prestoreApplications.id }).from(prestoreApplications).where(where).orderBy(...arrival(prestoreApplications.createdAt, prestoreApplications.id, query.order)).limit(limit).offset(offset)).map((r) => r.id);
  if (ids.length === 0) return [];
  const found = await db
    .select({ a: prestoreApplications, m: memberRefColumns, staffName: staff.name })
    .from(prestoreApplications)
    .innerJoin(members, eq(members.id, prestoreApplications.memberId))
    .leftJoin(staff, eq(staff.id, prestoreApplications.staffId))
    .where(inArray(prestoreApplications.id, ids));
  const rows = inOrder(ids, found, (r) => r.a.id);
  const views = await toPrestoreViews(db, rows.map((r) => r.a));
  return views.map((view, i) => ({ ...view, member: toMemberRef(rows[i]!.m), decidedAt: rows[i]!.a.decidedAt?.toISOString() ?? null, staffName: rows[i]!.staffName, version: rows[i]!.a.version }));
}

export async function adminListPrestores(db: DbOrTx, query: AdminPrestoreListBody): Promise<Page<AdminPrestore>> {
  const where = await prestoreWhere(db, query);
  const [list, [total]] = await Promise.all([prestoreRows(db, query, where), db.select({ n: count() }).from(prestoreApplications).where(where)]);
  return pageOf(list, total?.n ?? 0, query);
}

export const prestoresForExport = async (db: DbOrTx, query: PrestoreQuery) => prestoreRows(db, { ...query, page: undefined, pageSize: undefined }, await prestoreWhere(db, query));

// ---- 转账审核 ----

const transferWhere = async (db: DbOrTx, query: AdminTransferListBody) =>
  and(
    query.status ? eq(transferApplications.status, query.status) : undefined,
    await keywordFilter(db, transferApplications.memberId, query.keyword, [transferApplications.rid]),
    dayRange(transferApplications.createdAt, query.from, query.to),
  );

export async function adminListTransfers(db: DbOrTx, query: AdminTransferListBody): Promise<Page<AdminTransfer>> {
  const where = await transferWhere(db, query);
  return paginate(
    query,
    (w) =>
      db
        .select({ t: transferApplications, m: memberRefColumns, staffName: staff.name })
        .from(transferApplications)
        .innerJoin(members, eq(members.id, transferApplications.memberId))
        .leftJoin(staff, eq(staff.id, transferApplications.staffId))
        .where(where)
        .orderBy(...arrival(transferApplications.createdAt, transferApplications.id, query.order))
        .limit(w.limit)
        .offset(w.offset),
    () => db.$count(transferApplications, where),
    async (rows) => {
      const views = await toTransferViews(db, rows.map((r) => r.t));
      return views.map((view, i) => ({ ...view, member: toMemberRef(rows[i]!.m), decidedAt: rows[i]!.t.decidedAt?.toISOString() ?? null, staffName: rows[i]!.staffName, version: rows[i]!.t.version }));
    },
  );
}

// ---- 发票管理 ----

type InvoiceQuery = Omit<AdminInvoiceListBody, 'page' | 'pageSize'> & { page?: number; pageSize?: number };

const invoiceWhere = async (db: DbOrTx, query: InvoiceQuery) =>
  and(
    query.status ? eq(invoiceApplications.status, query.status) : undefined,
    query.type ? eq(invoiceApplications.type, query.type) : undefined,
    // the 红冲 queue: applications with a red letter in that state (read through its partial index when needed)
    query.red ? sql`exists (select 1 from ${invoiceRedLetters} r where r.application_id = ${invoiceApplications.id} and r.status = ${query.red})` : undefined,
    await keywordFilter(db, invoiceApplications.memberId, query.keyword, [invoiceApplications.rid, invoiceApplications.invoiceNo]),
    dayRange(invoiceApplications.createdAt, query.from, query.to),
  );

async function invoiceRows(db: DbOrTx, query: InvoiceQuery, where: SQL | undefined): Promise<AdminInvoice[]> {
  const { limit, offset } = limits(query);
  const ids = (await db.select({ id: invoiceApplications.id }).from(invoiceApplications).where(where).orderBy(...arrival(invoiceApplications.createdAt, invoiceApplications.id, query.order)).limit(limit).offset(offset)).map((r) => r.id);
  if (ids.length === 0) return [];
  const found = await db
    .select({ a: invoiceApplications, m: memberRefColumns, staffName: staff.name })
    .from(invoiceApplications)
    .innerJoin(members, eq(members.id, invoiceApplications.memberId))
    .leftJoin(staff, eq(staff.id, invoiceApplications.staffId))
    .where(inArray(invoiceApplications.id, ids));
  const rows = inOrder(ids, found, (r) => r.a.id);
  const views = await toInvoiceViews(db, rows.map((r) => r.a));
  return views.map((view, i) => ({ ...view, member: toMemberRef(rows[i]!.m), decidedAt: rows[i]!.a.decidedAt?.toISOString() ?? null, staffName: rows[i]!.staffName, version: rows[i]!.a.version }));
}

export async function adminListInvoices(db: DbOrTx, query: AdminInvoiceListBody): Promise<Page<AdminInvoice>> {
  const where = await invoiceWhere(db, query);
  const [list, [total]] = await Promise.all([invoiceRows(db, query, where), db.select({ n: count() }).from(invoiceApplications).where(where)]);
  return pageOf(list, total?.n ?? 0, query);
}

export const invoicesForExport = async (db: DbOrTx, query: InvoiceQuery) => invoiceRows(db, { ...query, page: undefined, pageSize: undefined }, await invoiceWhere(db, query));

// ---- 信用额度 ----

const creditWhere = async (db: DbOrTx, query: AdminCreditListBody) =>
  and(
    query.status ? eq(creditApplications.status, query.status) : undefined,
    await keywordFilter(db, creditApplications.memberId, query.keyword, [creditApplications.rid]),
    dayRange(creditApplications.createdAt, query.from, query.to),
  );

export async function adminListCredit(db: DbOrTx, query: AdminCreditListBody): Promise<Page<AdminCredit>> {
  const where = await creditWhere(db, query);
  return paginate(
    query,
    (w) =>
      db
        .select({ a: creditApplications, m: memberRefColumns, staffName: staff.name, lineFen: creditLines.limitFen })
        .from(creditApplications)
        .innerJoin(members, eq(members.id, creditApplications.memberId))
        .leftJoin(staff, eq(staff.id, creditApplications.staffId))
        .leftJoin(creditLines, eq(creditLines.memberId, creditApplications.memberId))
        .where(where)
        .orderBy(...arrival(creditApplications.createdAt, creditApplications.id, query.order))
        .limit(w.limit)
        .offset(w.offset),
    () => db.$count(creditApplications, where),
    (rows) =>
      rows.map((r) => ({
        ...toCreditView(r.a),
        member: toMemberRef(r.m),
        organization: r.a.organization,
        organizationText: organizationLabels[r.a.organization] ?? '',
        contact: r.a.contact,
        currentLimitFen: Number(r.lineFen ?? 0),
        staffName: r.staffName,
        version: r.a.version,
      })),
  );
}

// ---- badges ----

/** How many applications wait in each queue (each count reads its status index). */
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
