import { and, desc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import { contractStatusLabels, type AdminContract, type Contract, type ContractStatus, type Page } from '@lab/contract';
import type { Db, DbOrTx } from '../../db/client';
import { paginate, type PageQuery } from '../../db/paginate';
import { randomId } from '../../platform/crypto';
import { AppError, conflict, notFound } from '../../platform/errors';
import type { Recorded } from '../../platform/files';
import { loadAgreement, renderAgreement } from './agreement';
import { findMemberOrder, type OrderRow } from './order-core';
import { orders } from './orders.tables';
import { contracts } from './requirements.tables';

/**
 * Contracts and agreements (/experiment/contract). An agreement is the 委托检测服务协议 of
 * one order, rendered from the order when downloaded; a contract is a file the lab uploads
 * for a member (framework or enterprise contracts). The member uploads a signed copy
 * (to_sign → signed, again until staff confirm it), and sales confirms it (signed → confirmed).
 * Lab files live under files/contracts, signed copies under files/protocols.
 */
export type ContractRow = typeof contracts.$inferSelect;
export interface StoredFile {
  name: string;
  type: string;
  size: number;
}

export const CONTRACT_FILE_MAX_BYTES = 10 * 1024 * 1024;
export const agreementTitle = (orderNo: string) => `委托检测服务协议（${orderNo}）`;

export type { AdminContract };

/**
 * An agreement stops waiting for the member's signature when its order ends (the home page's
 * process: the agreement goes with the sample): a cancelled order's, unless already in force,
 * and a completed order's never signed are `closed` (无需签署), with no upload. Worked out from
 * the order, never stored; `closedSql` is the same rule for the list's status filter.
 */
export function contractViewStatus(row: Pick<ContractRow, 'kind' | 'status'>, progress: OrderRow['progress'] | null): ContractStatus {
  if (row.kind !== 'agreement' || progress === null) return row.status;
  if (progress === 'cancelled' && row.status !== 'confirmed') return 'closed';
  if (progress === 'completed' && row.status === 'to_sign') return 'closed';
  return row.status;
}

const closedSql = sql`(${contracts.kind} = 'agreement' and exists (select 1 from ${orders} ended where ended.id = ${contracts.orderId} and ((ended.progress = 'cancelled' and ${contracts.status} <> 'confirmed') or (ended.progress = 'completed' and ${contracts.status} = 'to_sign'))))`;

/** The list filter for a status as shown (contractViewStatus). */
export function statusFilter(status: ContractStatus | undefined): SQL | undefined {
  if (!status) return undefined;
  if (status === 'closed') return closedSql;
  return and(eq(contracts.status, status), sql`not ${closedSql}`);
}

async function ordersOf(db: DbOrTx, rows: ContractRow[]) {
  const ids = [...new Set(rows.map((r) => r.orderId).filter((id): id is number => id !== null))];
  if (ids.length === 0) return new Map<number, { orderNo: string; progress: OrderRow['progress'] }>();
  const found = await db.select({ id: orders.id, orderNo: orders.orderNo, progress: orders.progress }).from(orders).where(inArray(orders.id, ids));
  return new Map(found.map((o) => [o.id, o]));
}

export async function toContractViews(db: DbOrTx, rows: ContractRow[]): Promise<Contract[]> {
  const byId = await ordersOf(db, rows);
  return rows.map((row) => {
    const order = row.orderId === null ? undefined : byId.get(row.orderId);
    const status = contractViewStatus(row, order?.progress ?? null);
    return {
      rid: row.rid,
      title: row.title,
      kind: row.kind,
      orderNo: order?.orderNo ?? null,
      status,
      statusText: contractStatusLabels[status],
      hasSigned: row.signedStoredName !== null,
      createdAt: row.createdAt.toISOString(),
    };
  });
}

/** Refuses a signed copy (or its confirmation) for an agreement whose order has ended. */
export async function assertStillOpen(tx: DbOrTx, row: ContractRow, doing: '上传协议' | '确认协议' | '签署协议') {
  if (row.kind !== 'agreement' || row.orderId === null) return;
  const [order] = await tx.select({ progress: orders.progress }).from(orders).where(eq(orders.id, row.orderId)).limit(1);
  if (order && contractViewStatus(row, order.progress) === 'closed') {
    throw new AppError('ORDER_STATE', `订单已${order.progress === 'cancelled' ? '取消' : '完成'}，无需${doing}`, { status: 409 });
  }
}

const one = async (db: DbOrTx, row: ContractRow) => (await toContractViews(db, [row]))[0]!;

/** The member's own contract; another member's rid reads as not found. */
export async function findOwnContract(db: DbOrTx, memberId: number, rid: string, options: { lock?: boolean } = {}): Promise<ContractRow> {
  const query = db
    .select()
    .from(contracts)
    .where(and(eq(contracts.rid, rid), eq(contracts.memberId, memberId)))
    .limit(1);
  const [row] = options.lock ? await query.for('update') : await query;
  if (!row) throw notFound('合同');
  return row;
}

export async function findContract(db: DbOrTx, rid: string, options: { lock?: boolean } = {}): Promise<ContractRow> {
  const query = db.select().from(contracts).where(eq(contracts.rid, rid)).limit(1);
  const [row] = options.lock ? await query.for('update') : await query;
  if (!row) throw notFound('合同');
  return row;
}

/** A page of contracts, newest first. */
export function page<Item>(db: DbOrTx, where: SQL | undefined, query: PageQuery, toItems: (rows: ContractRow[]) => Promise<Item[]>) {
  return paginate(
    query,
    (w) => db.select().from(contracts).where(where).orderBy(desc(contracts.createdAt), desc(contracts.id)).limit(w.limit).offset(w.offset),
    () => db.$count(contracts, where),
    toItems,
  );
}

/**
 * The agreement row of an order (created with the order by order/add; created here for an
 * older order that has none). The partial unique index keeps one per order.
 */
export async function ensureAgreement(tx: DbOrTx, order: Pick<OrderRow, 'id' | 'memberId' | 'orderNo'>, now: Date): Promise<ContractRow> {
  await tx
    .insert(contracts)
    .values({ rid: randomId(), memberId: order.memberId, orderId: order.id, kind: 'agreement', title: agreementTitle(order.orderNo), createdAt: now })
    .onConflictDoNothing({ target: contracts.orderId, where: sql`kind = 'agreement'` });
  const [row] = await tx
    .select()
    .from(contracts)
    .where(and(eq(contracts.orderId, order.id), eq(contracts.kind, 'agreement')))
    .limit(1);
  return row!;
}

// ---- member ----

/** contract/list: the member's contracts and agreements, newest first. */
export async function listContracts(db: DbOrTx, memberId: number, query: { page: number; pageSize: number; status?: ContractStatus | undefined }): Promise<Page<Contract>> {
  const where = and(eq(contracts.memberId, memberId), statusFilter(query.status));
  return page(db, where, query, (rows) => toContractViews(db, rows));
}

export type ContractDownload =
  | { kind: 'file'; file: { name: string; type: string }; downloadName: string }
  | { kind: 'html'; html: string; downloadName: string };

/** contract/download: the lab's file of a contract, or an agreement rendered from its order. */
export async function contractDownload(db: DbOrTx, memberId: number, rid: string, nonce: string, now: Date): Promise<ContractDownload> {
  const row = await findOwnContract(db, memberId, rid);
  if (row.kind === 'agreement') {
    if (row.orderId === null) throw notFound('协议');
    const [order] = await db
      .select()
      .from(orders)
      .where(and(eq(orders.id, row.orderId), eq(orders.memberId, memberId)))
      .limit(1);
    if (!order) throw notFound('订单');
    const data = await loadAgreement(db, row, order, now);
    return { kind: 'html', html: renderAgreement(data, nonce), downloadName: `委托检测服务协议-${order.orderNo}.html` };
  }
  if (!row.fileStoredName || !row.fileType) throw notFound('合同文件');
  return { kind: 'file', file: { name: row.fileStoredName, type: row.fileType }, downloadName: row.title };
}

/** contract/signed: the signed copy the member uploaded. */
export async function signedFileOf(db: DbOrTx, memberId: number | null, rid: string): Promise<{ file: { name: string; type: string }; downloadName: string }> {
  const row = memberId === null ? await findContract(db, rid) : await findOwnContract(db, memberId, rid);
  if (!row.signedStoredName || !row.signedType) throw notFound('签署文件');
  return { file: { name: row.signedStoredName, type: row.signedType }, downloadName: `${row.title}-签署件` };
}

async function markSigned(tx: DbOrTx, row: ContractRow, stored: StoredFile, now: Date): Promise<{ row: ContractRow; replaced: string | null }> {
  if (row.status === 'confirmed') throw new AppError('CONTRACT_STATE', '合同已生效，不能重新上传签署件', { status: 409 });
  await assertStillOpen(tx, row, '上传协议');
  const [updated] = await tx
    .update(contracts)
    .set({ status: 'signed', signedStoredName: stored.name, signedType: stored.type, signedAt: now })
    .where(and(eq(contracts.id, row.id), inArray(contracts.status, ['to_sign', 'signed'])))
    .returning();
  if (!updated) throw conflict('合同状态已变化，请刷新后重试');
  return { row: updated, replaced: row.signedStoredName };
}

/**
 * contract/upload: the member's signed copy (to_sign → signed; a new copy replaces the old
 * until staff confirm). Answers the view and the stored name the new copy replaced.
 */
export async function uploadSigned(db: Db, memberId: number, rid: string, stored: StoredFile, now: Date): Promise<Recorded<Contract>> {
  const result = await db.transaction(async (tx) => markSigned(tx, await findOwnContract(tx, memberId, rid, { lock: true }), stored, now));
  return { value: await one(db, result.row), replaced: result.replaced };
}

/** order/listProtocolFile: the contracts of one of the member's orders (404 for anyone else's). */
export async function listOrderContracts(db: DbOrTx, memberId: number, orderNo: string): Promise<Contract[]> {
  const order = await findMemberOrder(db, memberId, orderNo);
  const rows = await db
    .select()
    .from(contracts)
    .where(and(eq(contracts.orderId, order.id), eq(contracts.memberId, memberId)))
    .orderBy(desc(contracts.createdAt), desc(contracts.id));
  return toContractViews(db, rows);
}

/** order/updateProtocolFile: the signed agreement of one of the member's orders. */
export async function uploadOrderProtocol(db: Db, memberId: number, orderNo: string, stored: StoredFile, now: Date): Promise<Recorded<Contract>> {
  const result = await db.transaction(async (tx) => {
    const order = await findMemberOrder(tx, memberId, orderNo);
    if (order.progress === 'cancelled') throw new AppError('ORDER_STATE', '订单已取消，无需上传协议', { status: 409 });
    const agreement = await ensureAgreement(tx, order, now);
    return markSigned(tx, await findOwnContract(tx, memberId, agreement.rid, { lock: true }), stored, now);
  });
  return { value: await one(db, result.row), replaced: result.replaced };
}
