import { and, eq, inArray, isNull, ne, sql } from 'drizzle-orm';
import { billedGb, type VaultExtendQuote } from '@lab/contract';
import type { DbOrTx, Tx } from '../../db/client';
import { randomId } from '../../platform/crypto';
import { badRequest, notFound } from '../../platform/errors';
import { getJobSettings } from '../../platform/job-settings';
import { findMemberOrder, placeServiceOrder, type OrderRow } from '../orders';
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
const KEPT = ['verifying', 'verified', 'mismatch'] as const;

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

/** Places the extension's order at the price quoted now; the member pays it like any order. */
export async function orderExtension(db: DbOrTx, memberId: number, body: ExtendBody, now: Date): Promise<VaultExtendQuote & { orderNo: string }> {
  const files = await chosenFiles(db, memberId, body);
  const quote = priced(files, body.years, (await getJobSettings(db)).vaultGbYearFen);
  const names = files.map((file) => file.name);
  const note = `延长保存期 ${quote.years} 年：${names.slice(0, 5).join('、')}${names.length > 5 ? ` 等 ${names.length} 个文件` : ''}（计 ${quote.gb} GB）`;
  const order = await placeServiceOrder(db, memberId, { title: `数据保管延期 ${quote.years} 年 · ${quote.files} 个文件 · ${quote.gb} GB`, totalFen: quote.totalFen, note }, now);
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
 * by the years bought, once (`appliedAt` guards a second call). Files deleted meanwhile stay deleted.
 */
export async function applyPaidExtension(tx: Tx, order: OrderRow, now: Date): Promise<void> {
  if (order.kind !== 'service') return;
  const [extension] = await tx
    .update(vaultExtensions)
    .set({ appliedAt: now })
    .where(and(eq(vaultExtensions.orderId, order.id), isNull(vaultExtensions.appliedAt)))
    .returning();
  if (!extension?.fileIds.length) return;
  await tx
    .update(vaultFiles)
    .set({ retentionEnd: sql`${vaultFiles.retentionEnd} + make_interval(years => ${extension.years}::int)` })
    .where(and(inArray(vaultFiles.id, extension.fileIds), ne(vaultFiles.state, 'deleted')));
}
