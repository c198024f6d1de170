import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import type { AdminDashboard } from '@lab/contract';
import { call, createTestContext, type TestContext } from '../../test/harness';
import { makeStaff } from '../../test/factories';
import { randomId } from '../platform/crypto';
import { consultations, orders, prestoreApplications, sampleRecycles, samplings } from '../db/schema';
import { makeOrder, memberOf, progressContext } from '../areas/orders/desk/progress.test-helpers';

// Thursday 2026-11-19 10:00 in Shanghai
const NOW = new Date('2026-11-19T02:00:00.000Z');
const hoursAgo = (h: number) => new Date(NOW.getTime() - h * 3_600_000);

let t: TestContext;

beforeAll(async () => {
  t = await createTestContext({ now: NOW });
});
afterAll(() => t?.close());

const dashboard = async (token: string) => call<AdminDashboard>(t.app, 'POST', '/api/admin/dashboard', { token });

describe('the dashboard', () => {
  it('counts today’s work for every role, and lists the promises due or missed', async () => {
    const { item, lab } = await progressContext(t);
    const before = (await dashboard(lab.token)).data;
    const { member } = await memberOf(t, { name: '钱老师' });

    // a sample that arrived 2.5 h ago without the manager's call: overdue; 1 h 45 min ago: due within 30 minutes; 1 h ago: not yet
    const late = await makeOrder(t, item, member.id, { progress: 'received' });
    await t.db.update(orders).set({ receivedAt: hoursAgo(2.5), createdAt: hoursAgo(30) }).where(eq(orders.id, late.id));
    const soon = await makeOrder(t, item, member.id, { progress: 'testing' });
    await t.db.update(orders).set({ receivedAt: hoursAgo(1.75), createdAt: hoursAgo(30) }).where(eq(orders.id, soon.id));
    const fresh = await makeOrder(t, item, member.id, { progress: 'received' });
    await t.db.update(orders).set({ receivedAt: hoursAgo(1), createdAt: hoursAgo(30) }).where(eq(orders.id, fresh.id));
    const called = await makeOrder(t, item, member.id, { progress: 'received' });
    await t.db.update(orders).set({ receivedAt: hoursAgo(5), managerCalledAt: hoursAgo(4), createdAt: hoursAgo(30) }).where(eq(orders.id, called.id));

    // data delivered 3 h ago without the notice going out; another with the notice sent
    const silent = await makeOrder(t, item, member.id, { progress: 'delivered' });
    await t.db.update(orders).set({ deliveredAt: hoursAgo(3), dataNotifiedAt: null, createdAt: hoursAgo(30) }).where(eq(orders.id, silent.id));
    const told = await makeOrder(t, item, member.id, { progress: 'delivered' });
    await t.db.update(orders).set({ deliveredAt: hoursAgo(3), dataNotifiedAt: hoursAgo(3), createdAt: hoursAgo(30) }).where(eq(orders.id, told.id));

    // two orders today waiting for their samples
    await makeOrder(t, item, member.id, { progress: 'awaiting_sample' });
    await makeOrder(t, item, member.id, { progress: 'awaiting_sample' });

    // samples to send back: paid 50 h ago (overdue), and an unpaid order's return (not yet running)
    const paid = await makeOrder(t, item, member.id, { progress: 'completed' });
    await t.db.update(orders).set({ paidAt: hoursAgo(50), createdAt: hoursAgo(80) }).where(eq(orders.id, paid.id));
    const unpaid = await makeOrder(t, item, member.id, { progress: 'completed', payment: 'unsettled' });
    const address = { name: '钱老师', phone: '13800000000', province: '江苏省', city: '苏州市', area: '姑苏区', addressCode: '320508', address: '干将东路 333 号' };
    await t.db.insert(sampleRecycles).values([
      { rid: randomId(), memberId: member.id, orderNo: paid.orderNo, samples: '样品B1', ...address, createdAt: hoursAgo(60) },
      { rid: randomId(), memberId: member.id, orderNo: unpaid.orderNo, samples: '样品B1', ...address, createdAt: hoursAgo(10) },
    ]);

    // pickups today and overdue; a pending top-up; a consultation waiting
    const pickup = { memberId: member.id, timeSlot: '09:00', ...address, sendAddress: '实验室', status: 'pending' as const };
    await t.db.insert(samplings).values([
      { rid: randomId(), pickupDate: '2026-11-19', ...pickup },
      { rid: randomId(), pickupDate: '2026-11-18', ...pickup, timeSlot: '14:00' },
      { rid: randomId(), pickupDate: '2026-11-20', ...pickup, timeSlot: '10:00' },
    ]);
    await t.db.insert(prestoreApplications).values({ rid: randomId(), applyNo: `P${randomId(10)}`, memberId: member.id, amountFen: 100_000, payer: '苏州大学', createdAt: NOW });
    await t.db.insert(consultations).values({ name: '周先生', phone: '13911112222', content: '想测 XRD', createdAt: NOW });

    const result = await dashboard(lab.token);
    expect(result.code).toBe(1);
    const { counts, risks, today } = result.data;
    expect(today).toBe('2026-11-19');
    expect(counts.samplesExpected - before.counts.samplesExpected).toBe(2);
    expect(counts.newOrdersToday - before.counts.newOrdersToday).toBe(3); // the two awaiting + the unpaid one
    expect(counts.pickupsToday - before.counts.pickupsToday).toBe(1);
    expect(counts.pickupsOverdue - before.counts.pickupsOverdue).toBe(1);
    expect(counts.pendingTopUps - before.counts.pendingTopUps).toBe(1);
    expect(counts.pendingConsultations - before.counts.pendingConsultations).toBe(1);
    expect(counts.pendingReturns - before.counts.pendingReturns).toBe(2);

    const calls = risks.callOverdue.map((r) => [r.orderNo, r.overdue]);
    expect(calls).toEqual([
      [late.orderNo, true],
      [soon.orderNo, false],
    ]);
    expect(risks.callOverdue[0]).toMatchObject({ memberName: '钱老师', dueAt: new Date(hoursAgo(2.5).getTime() + 2 * 3_600_000).toISOString() });
    expect(risks.noticeOverdue.map((r) => r.orderNo)).toEqual([silent.orderNo]);
    expect(risks.returnsDue.map((r) => [r.orderNo, r.overdue])).toEqual([[paid.orderNo, true]]);
    expect(risks.returnsDue[0]!.since).toBe(hoursAgo(50).toISOString());
  });

  it('is open to every staff role and to nobody else', async () => {
    for (const role of ['admin', 'sales', 'lab', 'finance'] as const) {
      const person = await makeStaff(t.db, role, t.clock.now());
      expect((await dashboard(person.token)).status).toBe(200);
    }
    expect((await call(t.app, 'POST', '/api/admin/dashboard')).status).toBe(401);
  });
});
