import { desc, eq, isNull } from 'drizzle-orm';
import { calls } from '@lab/contract/calls';
import { audit, auditEntity } from '../../../platform/audit';
import { serve } from '../../../platform/calls';
import { itemsByRids } from '../../catalog';
import { itemWaits } from './item-waits';
import { closeDay, openDay, queueBoard, reorderQueue, setCapacity } from './queue.service';
import { instrumentClosedDays, instrumentQueues } from './queue.tables';
import { sampleAudit } from './samples.routes';

/** An instrument's queue settings as the audit log keeps them: capacity and closed days (key: its rid, or 'all'). */
const calendarAudit = auditEntity<string>('instrumentCalendar', async (db, key) => {
  const rid = String(key);
  const item = rid === 'all' ? null : (await itemsByRids(db, [rid])).get(rid);
  if (item === undefined) return null;
  const [settings, days] = await Promise.all([
    item ? db.select().from(instrumentQueues).where(eq(instrumentQueues.itemId, item.id)).limit(1) : Promise.resolve([]),
    db
      .select()
      .from(instrumentClosedDays)
      .where(item ? eq(instrumentClosedDays.itemId, item.id) : isNull(instrumentClosedDays.itemId))
      .orderBy(desc(instrumentClosedDays.day))
      .limit(60),
  ]);
  const kept = settings[0];
  return { capacityPerDay: kept?.capacityPerDay ?? null, defaultDays: kept ? `${kept.defaultMinDays}–${kept.defaultMaxDays}` : null, closedDays: days.map((d) => `${d.day} ${d.kind} ${d.note}`.trim()) };
});

/** A closed day by id (删除停机日). */
const closedDayAudit = auditEntity<number>('closedDay', async (db, id) => {
  const [row] = await db.select().from(instrumentClosedDays).where(eq(instrumentClosedDays.id, Number(id))).limit(1);
  return row ?? null;
});

/** 排队看板 (contract orders/queue-calls.ts). */
export const queueRoutes = serve(calls.adminQueue, {
  board: { handler: ({ db, body, now }) => queueBoard(db, body.item_rid, now), config: { readOnly: true } },
  reorder: {
    handler: ({ db, body, now }) => reorderQueue(db, body, now),
    config: { audit: audit(sampleAudit, 'queue.reorder', '调整排队顺序', (body: { code: string }) => body.code) },
  },
  capacity: {
    handler: ({ db, staff, body, now }) => setCapacity(db, staff.id, body, now),
    config: { audit: audit(calendarAudit, 'queue.capacity', '设置每日产能', (body: { item_rid: string }) => body.item_rid) },
  },
  closeDay: {
    handler: ({ db, staff, body, now }) => closeDay(db, staff.id, body, now),
    config: { audit: audit(calendarAudit, 'queue.closeDay', '添加停机日', (body: { item_rid?: string }) => body.item_rid || 'all') },
  },
  openDay: {
    handler: ({ db, body, now }) => openDay(db, body.id, now),
    config: { audit: audit(closedDayAudit, 'queue.openDay', '删除停机日', (body: { id: number }) => body.id) },
  },
});

/** The typical current wait of items (the item page, the order form). */
export const itemWaitRoutes = serve(calls.queue, {
  waits: { handler: ({ db, query, now }) => itemWaits(db, query.items, now), config: { readOnly: true } },
});
