import { EXPORT_MAX_ROWS } from '../../platform/xlsx';
import { and, asc, count, desc, eq, inArray, sql, type AnyColumn, type SQL } from 'drizzle-orm';
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
  type Page,
} from '@lab/contract';
import type { DbOrTx } from '../../db/client';
import { memberContacts, staffNames } from '../accounts';
import { keywordFilter } from './admin-filters';
import { creditApplications, creditLines } from './credit.tables';
import { invoiceApplications, invoiceRedLetters } from './invoices.tables';
import { prestoreApplications, transferApplications } from './prestore.tables';
import { toPrestoreViews } from './prestore.service';
import { toTransferViews } from './transfers.service';
import { toInvoiceViews } from './invoices.service';
import { toCreditView } from './credit.service';
import { paginate } from '../../db/paginate';
import { dayRange } from '../../platform/sql-filters';

/**
 * The finance review queues as server tables: status (its index leads every query), the
 * member's phone or name or the application's number, a Shanghai date range, and the order
 * of arrival either way. One query for the page, one for the total, and one more per page
 * for each kind of related rows (the members and the deciding staff, by id: accounts' face) —
 * never one per row.
 */

/** Exports stop here: a year of a busy lab's applications fits many times over. */

const arrival = (column: AnyColumn, id: AnyColumn, order: 'ascend' | 'descend' | undefined) => (order === 'ascend' ? [asc(column), asc(id)] : [desc(column), desc(id)]);
/** Rows fetched by id, put back in the order of the ids. */
const inOrder = <T>(ids: number[], rows: T[], idOf: (row: T) => number): T[] => {
  const byId = new Map(rows.map((r) => [idOf(r), r]));
  return ids.map((id) => byId.get(id)).filter((r): r is T => r !== undefined);
};
/** The members and deciding staff of a page's rows, read by id (one query each). */
async function peopleOf(db: DbOrTx, rows: { memberId: number; staffId: number | null }[]) {
  const [members, staff] = await Promise.all([memberContacts(db, rows.map((r) => r.memberId), 'refs'), staffNames(db, rows.map((r) => r.staffId))]);
  return (row: { memberId: number; staffId: number | null }) => ({ member: members.get(row.memberId)!, staffName: row.staffId === null ? null : (staff.get(row.staffId) ?? null) });
}
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
  const rows = inOrder(ids, await db.select().from(prestoreApplications).where(inArray(prestoreApplications.id, ids)), (r) => r.id);
  const [views, people] = await Promise.all([toPrestoreViews(db, rows), peopleOf(db, rows)]);
  return views.map((view, i) => ({ ...view, ...people(rows[i]!), decidedAt: rows[i]!.decidedAt?.toISOString() ?? null, version: rows[i]!.version }));
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
        .select()
        .from(transferApplications)
        .where(where)
        .orderBy(...arrival(transferApplications.createdAt, transferApplications.id, query.order))
        .limit(w.limit)
        .offset(w.offset),
    () => db.$count(transferApplications, where),
    async (rows) => {
      const [views, people] = await Promise.all([toTransferViews(db, rows), peopleOf(db, rows)]);
      return views.map((view, i) => ({ ...view, ...people(rows[i]!), decidedAt: rows[i]!.decidedAt?.toISOString() ?? null, version: rows[i]!.version }));
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
  const rows = inOrder(ids, await db.select().from(invoiceApplications).where(inArray(invoiceApplications.id, ids)), (r) => r.id);
  const [views, people] = await Promise.all([toInvoiceViews(db, rows), peopleOf(db, rows)]);
  return views.map((view, i) => ({ ...view, ...people(rows[i]!), decidedAt: rows[i]!.decidedAt?.toISOString() ?? null, version: rows[i]!.version }));
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
        .select({ a: creditApplications, lineFen: creditLines.limitFen })
        .from(creditApplications)
        .leftJoin(creditLines, eq(creditLines.memberId, creditApplications.memberId))
        .where(where)
        .orderBy(...arrival(creditApplications.createdAt, creditApplications.id, query.order))
        .limit(w.limit)
        .offset(w.offset),
    () => db.$count(creditApplications, where),
    async (rows) => {
      const people = await peopleOf(db, rows.map((r) => r.a));
      return rows.map((r) => ({
        ...toCreditView(r.a),
        ...people(r.a),
        organization: r.a.organization,
        organizationText: organizationLabels[r.a.organization] ?? '',
        contact: r.a.contact,
        currentLimitFen: Number(r.lineFen ?? 0),
        version: r.a.version,
      }));
    },
  );
}
