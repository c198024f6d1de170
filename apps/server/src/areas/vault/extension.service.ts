import { and, eq, inArray, isNull, min, ne, sql } from 'drizzle-orm';
import { billedGb, type VaultExtendQuote } from '@lab/contract';
import type { DbOrTx, Tx } from '../../db/client';
import { randomId } from '../../platform/crypto';
import { badRequest, notFound } from '../../platform/errors';
import { getJobSettings } from '../../platform/job-settings';
import { findMemberOrder, keepOrderDataUntil, lockOrders, serviceOrder, type OrderRow } from '../orders';
import { vaultExtensions, vaultFiles } from './vault.tables';
import type { VaultFileRow } from './vault-core';

/**
 * 数据保管延期 (decisions/0053): the member buys 1, 3 or 5 more years for chosen files or for all
 * kept files of an order, priced ceil(GB) × years × the price per GB-year of 任务设置. Ordering
 * places an order of kind `service` (orders' face) with the price fixed in `vault_extensions`;
 * paying it (prestore or online, like any order) runs `applyPaidExtension` in the payment's
 * transaction, which moves each file's retention end by the years bought.
 */

type ExtendBody = { rids: string[]; order_no?: string | undefined; years: number };
/** the states of a file whose bytes the vault keeps (not one still uploading, not one deleted) */
export const KEPT = ['verifying', 'verified', 'mismatch'] as const;

/** Adds whole calendar years (UTC), as PostgreSQL's `+ make_interval(years => n)` does in a UTC session. */
export const addYears = (date: Date, years: number) => {
  const moved = new Date(date);
  moved.setUTCFullYear(moved.getUTCFullYear() + years);
  return moved;
};

/** The member's kept files the request names: another member's file, or one deleted or not yet uploaded, is 404. */
async function chosenFiles(db: DbOrTx, memberId: number, body: ExtendBody): Promise<VaultFileRow[]> {
  const found = new Map<number, VaultFileRow>();
  if (body.order_no) {
    const order = await findMemberOrder(db, memberId, body.order_no);
    const rows = await db
      .select()
      .from(vaultFiles)
      .where(and(eq(vaultFiles.orderId, order.id), eq(vaultFiles.memberId, memberId), inArray(vaultFiles.state, [...KEPT])));
    if (!rows.length) throw badRequest(`订单 ${order.orderNo} 没有可延长保存期的文件`);
    for (const row of rows) found.set(row.id, row);
  }
  if (body.rids.length) {
    const rows = await db
      .select()
      .from(vaultFiles)
      .where(and(eq(vaultFiles.memberId, memberId), inArray(vaultFiles.rid, body.rids), inArray(vaultFiles.state, [...KEPT])));
    if (rows.length !== body.rids.length) throw notFound('文件');
    for (const row of rows) found.set(row.id, row);
  }
  return [...found.values()].sort((a, b) => a.id - b.id);
}

function priced(files: VaultFileRow[], years: number, gbYearFen: number): VaultExtendQuote {
  const bytes = files.reduce((sum, file) => sum + file.size, 0);
  const gb = billedGb(bytes);
  const latest = new Date(Math.max(...files.map((file) => file.retentionEnd.getTime())));
  return {
    files: files.length,
    bytes,
    gb,
    years,
    gbYearFen,
    totalFen: gb * years * gbYearFen,
    retentionEnd: latest.toISOString(),
    newRetentionEnd: addYears(latest, years).toISOString(),
  };
}

export async function quoteExtension(db: DbOrTx, memberId: number, body: ExtendBody): Promise<VaultExtendQuote> {
  const files = await chosenFiles(db, memberId, body);
  return priced(files, body.years, (await getJobSettings(db)).vaultGbYearFen);
}

const extensionTitle = (years: number, files: number, gb: number) => `数据保管延期 ${years} 年 · ${files} 个文件 · ${gb} GB`;

/** Places the extension's order at the price quoted now; the member pays it like any order. */
export async function orderExtension(db: DbOrTx, memberId: number, body: ExtendBody, now: Date): Promise<VaultExtendQuote & { orderNo: string }> {
  const files = await chosenFiles(db, memberId, body);
  const quote = priced(files, body.years, (await getJobSettings(db)).vaultGbYearFen);
  const names = files.map((file) => file.name);
  const note = `延长保存期 ${quote.years} 年：${names.slice(0, 5).join('、')}${names.length > 5 ? ` 等 ${names.length} 个文件` : ''}（计 ${quote.gb} GB）`;
  const order = await serviceOrder(db, { place: { memberId, title: extensionTitle(quote.years, quote.files, quote.gb), totalFen: quote.totalFen, note } }, now);
  await db.insert(vaultExtensions).values({
    rid: randomId(16),
    memberId,
    orderId: order.id,
    fileIds: files.map((file) => file.id),
    years: quote.years,
    bytes: quote.bytes,
    gb: quote.gb,
    gbYearFen: quote.gbYearFen,
    totalFen: quote.totalFen,
    createdAt: now,
  });
  return { ...quote, orderNo: order.orderNo };
}

/**
 * The paid hook (src/area-hooks.ts): an extension's order paid moves its files' retention ends
 * by the years bought, once (`appliedAt` guards a second call). Files deleted meanwhile stay deleted
 * (and were taken off the unpaid order's price when they went: `reviseOpenExtensions`). Each order
 * the files belong to is told its data is kept until the earliest end among its kept files: when
 * the extension covered all of them, the order's retention end and its reminder move (orders'
 * `keepOrderDataUntil`, decisions/0066).
 */
export async function applyPaidExtension(tx: Tx, order: OrderRow, now: Date): Promise<void> {
  if (order.kind !== 'service') return;
  const [extension] = await tx
    .update(vaultExtensions)
    .set({ appliedAt: now })
    .where(and(eq(vaultExtensions.orderId, order.id), isNull(vaultExtensions.appliedAt)))
    .returning();
  if (!extension?.fileIds.length) return;
  const moved = await tx
    .update(vaultFiles)
    .set({ retentionEnd: sql`${vaultFiles.retentionEnd} + make_interval(years => ${extension.years}::int)` })
    .where(and(inArray(vaultFiles.id, extension.fileIds), ne(vaultFiles.state, 'deleted')))
    .returning({ orderId: vaultFiles.orderId });
  const orderIds = [...new Set(moved.map((row) => row.orderId))];
  if (!orderIds.length) return;
  const ends = await tx
    .select({ orderId: vaultFiles.orderId, until: min(vaultFiles.retentionEnd) })
    .from(vaultFiles)
    .where(and(inArray(vaultFiles.orderId, orderIds), inArray(vaultFiles.state, [...KEPT])))
    .groupBy(vaultFiles.orderId);
  await keepOrderDataUntil(
    tx,
    ends.flatMap((row) => (row.until ? [{ orderId: row.orderId, until: new Date(row.until) }] : [])),
    now,
  );
}

/**
 * Files just deleted (the retention job, an account's closure: retention.service.ts) that an
 * extension not yet paid names: in the deleting transaction, each such extension keeps only the
 * files still kept and is priced again at its pinned price per GB-year, and its order is revised
 * (orders' `serviceOrder`): a lower total, or cancelled when none is left. The member is never
 * charged for deleted data; the orders are locked (they may be locked already: the caller locks
 * the orders it foresaw before the files, the order a payment takes them in).
 */
export async function reviseOpenExtensions(tx: Tx, memberId: number, deleted: Map<number, string>, now: Date): Promise<void> {
  const open = await tx
    .select()
    .from(vaultExtensions)
    .where(and(eq(vaultExtensions.memberId, memberId), isNull(vaultExtensions.appliedAt)));
  const touched = open.filter((extension) => extension.fileIds.some((id) => deleted.has(id)));
  if (!touched.length) return;
  const locked = await lockOrders(tx, { ids: touched.map((extension) => extension.orderId) });
  const named = [...new Set(touched.flatMap((extension) => extension.fileIds))];
  const kept = new Map(
    (await tx
      .select({ id: vaultFiles.id, size: vaultFiles.size })
      .from(vaultFiles)
      .where(and(inArray(vaultFiles.id, named), inArray(vaultFiles.state, [...KEPT])))).map((row) => [row.id, row.size]),
  );
  for (const extension of touched) {
    const order = locked.find((row) => row.id === extension.orderId);
    if (!order || order.progress === 'cancelled' || !['unpaid', 'approval'].includes(order.payment)) continue;
    const left = extension.fileIds.filter((id) => kept.has(id));
    const bytes = left.reduce((sum, id) => sum + kept.get(id)!, 0);
    const gb = left.length ? billedGb(bytes) : 0;
    const totalFen = gb * extension.years * extension.gbYearFen;
    const gone = extension.fileIds.filter((id) => deleted.has(id)).map((id) => deleted.get(id)!);
    const names = `${gone.slice(0, 5).join('、')}${gone.length > 5 ? ` 等 ${gone.length} 个文件` : ''}`;
    const note = left.length ? `文件 ${names} 已删除，不再计费（余 ${left.length} 个文件，计 ${gb} GB）` : `所选文件 ${names} 已删除，本订单无需支付`;
    await tx.update(vaultExtensions).set({ fileIds: left, bytes, gb, totalFen }).where(eq(vaultExtensions.id, extension.id));
    await serviceOrder(tx, { revise: { order, title: extensionTitle(extension.years, left.length, gb), totalFen, note } }, now);
  }
}
