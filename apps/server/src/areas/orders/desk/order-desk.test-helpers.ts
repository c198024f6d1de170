import { desc, eq, sql } from 'drizzle-orm';
import type { TestContext } from '../../../../test/harness';
import { auditLog } from '../../../db/schema';
import { randomId } from '../../../platform/crypto';
import type { SmsMessage, SmsProvider } from '../../../platform/messaging';
import { sampleRecycles, samplings } from '../pickups/pickups.tables';
import type { serviceItems } from '../../catalog/catalog.tables';
import { orders, reservations } from '../orders.tables';
import { makeOrder, type OrderOptions } from './progress.test-helpers';

/**
 * Factories for the order desk's tests: orders with the lab's times set as the test needs
 * them, return requests, pickups and bookings written straight into their tables, an SMS
 * provider that can be switched off, and the audit log's last rows.
 */

export const MINUTE = 60_000;
export const HOUR = 60 * MINUTE;

/** An order (progress.test-helpers' makeOrder) with any columns then set directly: times, title, kind… */
export async function deskOrder(t: TestContext, item: typeof serviceItems.$inferSelect, memberId: number, options: OrderOptions & { set?: Partial<typeof orders.$inferInsert> } = {}) {
  const { set, ...rest } = options;
  const row = await makeOrder(t, item, memberId, rest);
  if (!set) return row;
  const [updated] = await t.db.update(orders).set(set).where(eq(orders.id, row.id)).returning();
  return updated!;
}

/** A member's request to have samples sent back. */
export async function askReturn(t: TestContext, memberId: number, options: { orderNo?: string | null; at?: Date; status?: 'pending' | 'sent' | 'cancelled'; samples?: string } = {}) {
  const [row] = await t.db
    .insert(sampleRecycles)
    .values({
      rid: randomId(),
      memberId,
      orderNo: options.orderNo ?? null,
      samples: options.samples ?? '余样 2 份',
      name: '收件人',
      phone: '13812345678',
      province: '上海市',
      city: '上海市',
      area: '徐汇区',
      addressCode: '310104',
      address: '梅陇路130号',
      status: options.status ?? 'pending',
      createdAt: options.at ?? t.clock.now(),
    })
    .returning();
  return row!;
}

/** A home pickup booked for a day and slot. */
export async function bookPickup(t: TestContext, memberId: number, date: string, time: string, status: 'pending' | 'collected' | 'cancelled' = 'pending') {
  const [row] = await t.db
    .insert(samplings)
    .values({
      rid: randomId(),
      memberId,
      pickupDate: date,
      timeSlot: time,
      name: '取样联系人',
      phone: '13812345678',
      province: '江苏省',
      city: '苏州市',
      area: '姑苏区',
      addressCode: '320508',
      address: '人民路1号',
      sendAddress: '江苏省苏州市姑苏区人民路1号',
      status,
    })
    .returning();
  return row!;
}

/** Instrument hours booked on a day (the slots themselves are not needed by the staff views). */
export async function bookInstrument(t: TestContext, memberId: number, itemId: number, day: string, hours: number[], status: 'booked' | 'cancelled' | 'used' = 'booked') {
  const [row] = await t.db.insert(reservations).values({ rid: randomId(), memberId, itemId, day, hours, amountFen: 10_000 * hours.length, status }).returning();
  return row!;
}

/** An SMS provider that records what it sends, or fails while `down` is true (a provider outage). */
export function switchableSms(): SmsProvider & { down: boolean; sent: SmsMessage[] } {
  return {
    name: 'test-switchable',
    down: false,
    sent: [],
    async send(message) {
      if (this.down) throw new Error('sms provider unavailable');
      this.sent.push(message);
      return { ok: true, provider: 'test-switchable', id: null };
    },
  };
}

export const lastAudit = async (t: TestContext) => (await t.db.select().from(auditLog).orderBy(desc(auditLog.id)).limit(1))[0];
export const auditCount = async (t: TestContext) => (await t.db.select({ n: sql<number>`count(*)::int` }).from(auditLog))[0]!.n;
