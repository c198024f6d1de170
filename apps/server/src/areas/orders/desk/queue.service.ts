import { and, asc, desc, eq, gte, isNull, or, sql } from 'drizzle-orm';
import { labDay, QUEUE_CAPACITY_DEFAULT, QUEUE_DEFAULT_MAX_DAYS, QUEUE_DEFAULT_MIN_DAYS, sampleStateLabels, type QueueBoard, type QueueReorderBody } from '@lab/contract';
import type { Db, DbOrTx } from '../../../db/client';
import { AppError, conflict, notFound } from '../../../platform/errors';
import { isUniqueViolation } from '../../../db/errors';
import { itemsByIds, itemsByRids } from '../../catalog';
import { memberCards } from '../order-search.service';
import { orderLines, orders } from '../orders.tables';
import { instrumentClosedDays, instrumentQueues } from './queue.tables';
import { orderSamples } from './samples.tables';

/**
 * 排队看板: each instrument's queue of samples in 排队中 (order_samples.queue_pos, smaller first),
 * its daily capacity and its closed days. Reordering moves one sample one place with a reason
 * (the route audits it); every read and write is a fixed number of statements, whatever the
 * queue's length.
 */

/** The end of an instrument's queue, for a sample entering it. */
export const queueEnd = (itemId: number) => sql`(SELECT coalesce(max(q.queue_pos), 0) + 1 FROM order_samples q WHERE q.item_id = ${itemId} AND q.state = 'queued')`;

const queued = eq(orderSamples.state, 'queued');

/** An instrument by its catalogue rid (404 when unknown). */
async function instrumentByRid(db: DbOrTx, rid: string) {
  const item = (await itemsByRids(db, [rid])).get(rid);
  if (!item) throw notFound('仪器');
  return item;
}

/** The board: the instruments with their queue lengths, and the chosen one's queue and calendar from today. */
export async function queueBoard(db: DbOrTx, itemRid: string | undefined, now: Date): Promise<QueueBoard> {
  const [counts, settings] = await Promise.all([
    db.select({ itemId: orderSamples.itemId, n: sql<number>`count(*)::int` }).from(orderSamples).where(queued).groupBy(orderSamples.itemId),
    db.select().from(instrumentQueues),
  ]);
  const chosen = itemRid ? await instrumentByRid(db, itemRid) : null;
  const ids = new Set([...counts.map((c) => c.itemId), ...settings.map((s) => s.itemId), ...(chosen ? [chosen.id] : [])]);
  const items = await itemsByIds(db, ids);
  const settingsOf = new Map(settings.map((s) => [s.itemId, s]));
  const queuedCount = new Map(counts.map((c) => [c.itemId, c.n]));
  const instruments = [...ids]
    .flatMap((id) => {
      const item = items.get(id);
      const kept = settingsOf.get(id);
      return item
        ? [
            {
              id,
              rid: item.rid,
              name: item.name,
              queued: queuedCount.get(id) ?? 0,
              capacityPerDay: kept?.capacityPerDay ?? QUEUE_CAPACITY_DEFAULT,
              defaultMinDays: kept?.defaultMinDays ?? QUEUE_DEFAULT_MIN_DAYS,
              defaultMaxDays: kept?.defaultMaxDays ?? QUEUE_DEFAULT_MAX_DAYS,
            },
          ]
        : [];
    })
    .sort((a, b) => b.queued - a.queued || a.name.localeCompare(b.name, 'zh-CN'));
  const current = chosen ? instruments.find((i) => i.id === chosen.id)! : instruments[0];
  if (!current) return { instruments: [], current: null };
  const [samples, closed] = await Promise.all([
    db
      .select({
        code: orderSamples.code,
        queuedAt: orderSamples.stateAt,
        orderNo: orders.orderNo,
        memberId: orders.memberId,
        name: sql<string>`coalesce((SELECT s.value->>'name' FROM jsonb_array_elements(${orderLines.samples}) s WHERE s.value->>'code' = ${orderSamples.code} LIMIT 1), '')`,
      })
      .from(orderSamples)
      .innerJoin(orders, eq(orders.id, orderSamples.orderId))
      .innerJoin(orderLines, eq(orderLines.id, orderSamples.lineId))
      .where(and(eq(orderSamples.itemId, current.id), queued))
      .orderBy(asc(orderSamples.queuePos), asc(orderSamples.id)),
    closedDaysOf(db, current.id, labDay(now)),
  ]);
  const members = await memberCards(db, [...new Set(samples.map((s) => s.memberId))]);
  const strip = ({ id: _id, ...rest }: (typeof instruments)[number]) => rest;
  return {
    instruments: instruments.map(strip),
    current: {
      ...strip(current),
      samples: samples.map((s, i) => ({ position: i + 1, code: s.code, name: s.name, orderNo: s.orderNo, memberName: members.get(s.memberId)?.name ?? '', queuedAt: s.queuedAt?.toISOString() ?? null })),
      closedDays: closed,
    },
  };
}

/** The instrument's closed days (its own and every instrument's) from a day on, soonest first. */
export async function closedDaysOf(db: DbOrTx, itemId: number, from: string, limit = 100) {
  const rows = await db
    .select()
    .from(instrumentClosedDays)
    .where(and(or(eq(instrumentClosedDays.itemId, itemId), isNull(instrumentClosedDays.itemId)), gte(instrumentClosedDays.day, from)))
    .orderBy(asc(instrumentClosedDays.day), desc(instrumentClosedDays.itemId))
    .limit(limit);
  return rows.map((r) => ({ id: r.id, day: r.day, kind: r.kind, note: r.note, all: r.itemId === null }));
}

/**
 * 调整排队顺序: one sample one place up or down in its instrument's queue. The queue's rows are
 * locked and written back numbered 1…n in one statement, so two reorders never interleave.
 */
export async function reorderQueue(db: Db, body: QueueReorderBody, now: Date): Promise<QueueBoard> {
  const code = body.code.trim().toUpperCase();
  const itemRid = await db.transaction(async (tx) => {
    const [sample] = await tx.select({ id: orderSamples.id, itemId: orderSamples.itemId, state: orderSamples.state }).from(orderSamples).where(eq(orderSamples.code, code)).limit(1);
    if (!sample) throw new AppError('SAMPLE_NOT_FOUND', `未找到样品编号「${code}」，请核对样品标签`, { status: 404 });
    if (sample.state !== 'queued') throw new AppError('SAMPLE_STATE', `样品${code}当前为「${sampleStateLabels[sample.state]}」，不在排队中`, { status: 409 });
    const line = await tx
      .select({ id: orderSamples.id })
      .from(orderSamples)
      .where(and(eq(orderSamples.itemId, sample.itemId), queued))
      .orderBy(asc(orderSamples.queuePos), asc(orderSamples.id))
      .for('update');
    const at = line.findIndex((r) => r.id === sample.id);
    const to = body.direction === 'up' ? at - 1 : at + 1;
    if (at < 0) throw conflict('排队已变化，请刷新后重试');
    if (to < 0) throw conflict(`样品${code}已在队首`);
    if (to >= line.length) throw conflict(`样品${code}已在队尾`);
    const ids = line.map((r) => r.id);
    [ids[at], ids[to]] = [ids[to]!, ids[at]!];
    const values = sql.join(
      ids.map((id, i) => sql`(${id}::int, ${i + 1}::int)`),
      sql`, `,
    );
    await tx.execute(sql`UPDATE order_samples o SET queue_pos = v.pos FROM (VALUES ${values}) AS v(id, pos) WHERE o.id = v.id`);
    return (await itemsByIds(tx, [sample.itemId])).get(sample.itemId)?.rid;
  });
  return queueBoard(db, itemRid, now);
}

/** 每日产能 (admin). */
export async function setCapacity(
  db: Db,
  staffId: number,
  body: { item_rid: string; capacity_per_day: number; default_min_days: number; default_max_days: number },
  now: Date,
): Promise<QueueBoard> {
  const item = await instrumentByRid(db, body.item_rid);
  const values = { capacityPerDay: body.capacity_per_day, defaultMinDays: body.default_min_days, defaultMaxDays: body.default_max_days, updatedAt: now, updatedBy: staffId };
  await db.insert(instrumentQueues).values({ itemId: item.id, ...values }).onConflictDoUpdate({ target: instrumentQueues.itemId, set: values });
  return queueBoard(db, item.rid, now);
}

/** 添加停机日 (admin): one instrument's, or every instrument's when none is named; not in the past, once a day. */
export async function closeDay(db: Db, staffId: number, body: { item_rid?: string | undefined; day: string; kind: 'holiday' | 'maintenance'; note?: string | undefined }, now: Date): Promise<QueueBoard> {
  const item = body.item_rid ? await instrumentByRid(db, body.item_rid) : null;
  if (body.day < labDay(now)) throw new AppError('DAY_PAST', '[日期]不能早于今天', { status: 400 });
  try {
    await db.insert(instrumentClosedDays).values({ itemId: item?.id ?? null, day: body.day, kind: body.kind, note: body.note ?? '', createdBy: staffId, createdAt: now });
  } catch (error) {
    if (isUniqueViolation(error)) throw conflict(`${body.day}已设为停机日`);
    throw error;
  }
  return queueBoard(db, item?.rid, now);
}

/** 删除停机日 (admin). */
export async function openDay(db: Db, id: number, now: Date): Promise<QueueBoard> {
  const [row] = await db.delete(instrumentClosedDays).where(eq(instrumentClosedDays.id, id)).returning();
  if (!row) throw notFound('停机日');
  const rid = row.itemId !== null ? (await itemsByIds(db, [row.itemId])).get(row.itemId)?.rid : undefined;
  return queueBoard(db, rid, now);
}
