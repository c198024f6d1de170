import { asc, eq, sql } from 'drizzle-orm';
import { sampleStateLabels, type SampleEvent, type SampleState, type SampleStateView } from '@lab/contract';
import type { DbOrTx } from '../../../db/client';
import type { NamedActor } from '../../../platform/actor';
import type { OrderRow } from '../order-core';
import { orderSamples, sampleEvents } from './samples.tables';

/**
 * The order's samples as rows: written when the order is placed (or, for an order placed before
 * samples had states, the first time the desk moves one), read for the member's and the desk's
 * detail, and carried along when the desk moves the whole order (one statement each, whatever
 * the number of samples).
 */

/** Where the samples of an order without sample rows stand, as far as its progress tells. */
export function stateFromProgress(order: Pick<OrderRow, 'progress' | 'receivedAt' | 'deliveredAt'>): SampleState {
  switch (order.progress) {
    case 'received':
      return 'received';
    case 'testing':
      return 'running';
    case 'delivered':
    case 'completed':
      return 'data_out';
    case 'cancelled':
      return order.deliveredAt ? 'data_out' : order.receivedAt ? 'received' : 'awaiting';
    default:
      return 'awaiting';
  }
}

/**
 * One row per sample of the order's lines (codes from the lines' samples), in the state its
 * progress implies; rows already there are kept. One statement.
 */
export async function ensureSampleRows(tx: DbOrTx, order: Pick<OrderRow, 'id' | 'progress' | 'receivedAt' | 'deliveredAt'>, now: Date): Promise<void> {
  const state = stateFromProgress(order);
  await tx.execute(sql`
    INSERT INTO order_samples (order_id, line_id, item_id, code, state, state_at, created_at)
    SELECT l.order_id, l.id, l.item_id, s.value->>'code', ${state}, ${state === 'awaiting' ? null : now}, ${now}
    FROM order_lines l, jsonb_array_elements(l.samples) s
    WHERE l.order_id = ${order.id} AND s.value->>'code' IS NOT NULL
    ON CONFLICT (code) DO NOTHING`);
}

/** The times a move marks on the sample's row (上机中 → ran_at, 已出数据 → data_out_at): the estimates' service times read them. */
export function serviceTimeMarks(to: SampleState, now: Date): { ranAt?: Date; dataOutAt?: Date } {
  if (to === 'running') return { ranAt: now };
  if (to === 'data_out') return { dataOutAt: now };
  return {};
}

/** The order-level steps that bring samples along: from which states, to which. */
const carried: Partial<Record<string, { from: SampleState[]; to: SampleState }>> = {
  receive: { from: ['awaiting'], to: 'received' },
  test: { from: ['received'], to: 'queued' },
  deliver: { from: ['received', 'queued', 'running', 'processing'], to: 'data_out' },
  retest: { from: ['data_out'], to: 'queued' },
};

const carryNotes: Record<string, string> = { receive: '随订单签收', test: '随订单开始测试', deliver: '随订单交付数据', retest: '随订单复测' };

/**
 * An order-level step (the desk's 确认收样, 开始测试, 交付数据, 安排复测) moves every sample still
 * behind it, each move an event naming who and when: one statement for all of them.
 */
export async function carryOrderSamples(tx: DbOrTx, order: OrderRow, action: string, actor: NamedActor, now: Date): Promise<void> {
  const move = carried[action];
  if (!move) return;
  await ensureSampleRows(tx, order, now);
  const from = sql.join(
    move.from.map((s) => sql`${s}`),
    sql`, `,
  );
  // samples entering the queue go to its end, in code order (the order row is locked: no other move of them runs meanwhile)
  const queuePos = move.to === 'queued' ? sql`(SELECT coalesce(max(q.queue_pos), 0) FROM order_samples q WHERE q.item_id = behind.item_id AND q.state = 'queued') + behind.rn` : sql`NULL`;
  await tx.execute(sql`
    WITH behind AS (
      SELECT id, state, item_id, row_number() OVER (PARTITION BY item_id ORDER BY id) AS rn FROM order_samples WHERE order_id = ${order.id} AND state IN (${from})
    ), moved AS (
      UPDATE order_samples o SET state = ${move.to}, state_at = ${now}, queue_pos = ${queuePos}${move.to === 'data_out' ? sql`, data_out_at = ${now}` : sql``} FROM behind WHERE o.id = behind.id RETURNING o.id, behind.state AS from_state
    )
    INSERT INTO sample_events (sample_id, order_id, from_state, to_state, note, actor_kind, actor_id, actor_name, created_at)
    SELECT id, ${order.id}, from_state, ${move.to}, ${carryNotes[action] ?? ''}, ${actor.kind}, ${actor.id}, ${actor.name}, ${now} FROM moved`);
}

/** The samples' states of one order by code (codes without a row: not in the map). */
export async function sampleStatesOf(db: DbOrTx, orderId: number): Promise<Map<string, { state: SampleState; stateAt: Date | null }>> {
  const rows = await db.select({ code: orderSamples.code, state: orderSamples.state, stateAt: orderSamples.stateAt }).from(orderSamples).where(eq(orderSamples.orderId, orderId));
  return new Map(rows.map((r) => [r.code, { state: r.state, stateAt: r.stateAt }]));
}

/** A sample's state for the detail: its row, or what the order's progress implies. */
export function sampleStateViewOf(known: { state: SampleState; stateAt: Date | null } | undefined, order: Pick<OrderRow, 'progress' | 'receivedAt' | 'deliveredAt'>): Omit<SampleStateView, 'estimate'> {
  const state = known?.state ?? stateFromProgress(order);
  return { state, stateText: sampleStateLabels[state], stateAt: known?.stateAt?.toISOString() ?? null };
}

/** Every move of the order's samples, oldest first (the desk's history). */
export async function sampleHistory(db: DbOrTx, orderId: number): Promise<SampleEvent[]> {
  const rows = await db
    .select({ code: orderSamples.code, e: sampleEvents })
    .from(sampleEvents)
    .innerJoin(orderSamples, eq(orderSamples.id, sampleEvents.sampleId))
    .where(eq(sampleEvents.orderId, orderId))
    .orderBy(asc(sampleEvents.id));
  return rows.map(({ code, e }) => ({ code, from: e.fromState, to: e.toState, note: e.note, actorName: e.actorName, at: e.createdAt.toISOString() }));
}
