import { and, count, eq } from 'drizzle-orm';
import type { DeviceTime, Reservation } from '@lab/contract';
import { call, createTestContext, type TestContext } from '../../../../test/harness';
import { makeLoggedInMember } from '../../../../test/factories';
import { seedCatalog } from '../../catalog/catalog.seed';
import { createServiceItems, type ServiceItemInput } from '../../catalog/catalog.service';
import { serviceItems } from '../../catalog/catalog.tables';
import type { memberMessages } from '../../messages/member-messages.tables';
import { reservations, type orderLines, type orders } from '../orders.tables';
import { reservationSlots } from './reservations.tables';

/**
 * Shared setup of the booking tests (reservations-time/-book.test.ts): the lab's clock, the
 * test context with the catalogue, fresh instruments, the member's calls and the live hours.
 */

/**
 * The lab's clock: Saturday 2026-03-07 10:00 in Shanghai. Tomorrow (03-08) is a Sunday, so
 * the first open day is Monday 03-09; the window runs to 2026-04-06 (today + 30).
 */
export const NOW = '2026-03-07T02:00:00Z';
export const TODAY = '2026-03-07';
export const SUNDAY = '2026-03-08';
export const MONDAY = '2026-03-09';
export const LAST_DAY = '2026-04-06';

/** The test context of a booking test file, at NOW, with the catalogue. */
export async function reservationsSuite() {
  const t = await createTestContext({ now: NOW });
  await seedCatalog(t.db);
  return t;
}

function itemInput(overrides: Partial<ServiceItemInput>): ServiceItemInput {
  return {
    typeId: 2,
    groupId: 41,
    childId: 4101,
    name: '扫描电镜机时',
    img: '/upload/img/devices/sem.svg',
    sketch: '',
    description: '<p>自主上机</p>',
    model: 'ZEISS Sigma 300',
    priceFen: 30_000,
    unit: '小时',
    sampleRequirements: '',
    turnaround: '',
    labLocation: '上海 · 张江实验室 B 栋 2 楼',
    reservable: true,
    ...overrides,
  };
}

export const stateOf = (time: DeviceTime) => Object.fromEntries(time.slots.map((s) => [s.hour, s.state]));

/** The calls of the booking tests over the file's test context: `context` is read at each call, after beforeAll has set it. */
export function reservationCalls(context: () => TestContext) {
  /** A fresh reservable instrument, so each test owns its hours. */
  async function instrument(overrides: Partial<ServiceItemInput> = {}): Promise<string> {
    const [rid] = await createServiceItems(context().db, [itemInput({ name: `扫描电镜机时-${Math.random().toString(36).slice(2, 8)}`, ...overrides })]);
    return rid!;
  }

  const member = () => makeLoggedInMember(context().db, context().clock.now(), { name: '张老师' });
  const post = <T = unknown>(url: string, who: { token: string } | undefined, form: Record<string, string | number | undefined> = {}) =>
    call<T>(context().app, 'POST', url, { ...(who ? { token: who.token } : {}), form });
  const query = (form: Record<string, string>, who?: { token: string }) => post<DeviceTime>('/api/open/device/query4timeExtra', who, form);
  const book = (who: { token: string }, rid: string, date: string, hours: number[] | string, note?: string) =>
    post<Reservation>('/api/auth/reservation/add', who, { rid, date, hours: typeof hours === 'string' ? hours : JSON.stringify(hours), note });

  const activeSlots = async (itemRid: string, day: string) => {
    const { db } = context();
    const rows = await db
      .select({ hour: reservationSlots.hour })
      .from(reservationSlots)
      .innerJoin(reservations, eq(reservations.id, reservationSlots.reservationId))
      .where(and(eq(reservationSlots.day, day), eq(reservationSlots.active, true), eq(reservations.itemId, await itemId(itemRid))));
    return rows.map((r) => r.hour).sort((a, b) => a - b);
  };
  async function itemId(rid: string): Promise<number> {
    const [row] = await context().db.select({ id: serviceItems.id }).from(serviceItems).where(eq(serviceItems.rid, rid));
    return row!.id;
  }
  const countOf = async (table: typeof orders | typeof reservations | typeof reservationSlots | typeof orderLines | typeof memberMessages) =>
    Number((await context().db.select({ n: count() }).from(table))[0]!.n);

  return { instrument, member, post, query, book, activeSlots, itemId, countOf };
}
