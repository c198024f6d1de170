import { and, eq, isNull, lt, or, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/client';
import { getJobSettings } from '../../../platform/job-settings';
import { orders } from '../orders.tables';

/**
 * How long an order's raw data is kept (decisions/0025: delivery + 任务设置's retention days,
 * derived) and its one stored exception: a paid extension of the data vault that keeps every
 * file of the order longer (decisions/0066) moves the order's end, and with it the retention
 * reminder (reminders.service.ts), to the new date.
 */

/**
 * The vault's command: each order's data is now kept until `until` (the earliest end among its
 * kept files). Written only when that is later than the end the order has (its stored end, or
 * delivery + the retention days): a partial extension, whose other files still go at the old
 * end, leaves the order's end and reminder where they were. Answers the orders moved.
 */
export async function keepOrderDataUntil(tx: DbOrTx, kept: { orderId: number; until: Date }[], now: Date): Promise<number[]> {
  if (!kept.length) return [];
  const { rawDataRetentionDays } = await getJobSettings(tx);
  const moved: number[] = [];
  for (const { orderId, until } of kept) {
    const [row] = await tx
      .update(orders)
      .set({ retentionUntil: until, updatedAt: now })
      .where(
        and(
          eq(orders.id, orderId),
          or(isNull(orders.retentionUntil), lt(orders.retentionUntil, until)),
          or(isNull(orders.deliveredAt), sql`${orders.deliveredAt} + (${rawDataRetentionDays} * interval '1 day') < ${until.toISOString()}::timestamptz`),
        ),
      )
      .returning({ id: orders.id });
    if (row) moved.push(row.id);
  }
  return moved;
}
