import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MemberOrderCounts } from '@lab/contract';
import { call, createTestContext, type TestContext } from '../../test/harness';
import { makeLoggedInMember } from '../../test/factories';
import { orders } from '../areas/orders/orders.tables';

let t: TestContext;
beforeAll(async () => {
  t = await createTestContext({ now: '2026-11-22T02:00:00Z' });
});
afterAll(() => t.close());

let seq = 0;
const order = (memberId: number, progress: (typeof orders.$inferInsert)['progress'], payment: (typeof orders.$inferInsert)['payment'] = 'paid', payLater = false) =>
  t.db.insert(orders).values({ orderNo: `KY20261122${String(++seq).padStart(8, '0')}`, memberId, title: 'XRD', lineCount: 1, sampleCount: 1, totalFen: 100_00, progress, payment, payLater });

describe('web/home/data: the order-status strip', () => {
  it('counts my orders as the order list’s tabs do: 报告待下载, 待支付, 待寄样, 测试中; nobody else’s', async () => {
    const me = await makeLoggedInMember(t.db, t.clock.now());
    const other = await makeLoggedInMember(t.db, t.clock.now());
    const home = async () => (await call<{ orders: MemberOrderCounts }>(t.app, 'POST', '/api/auth/web/home/data', { token: me.token })).data!.orders;
    expect(await home()).toEqual({ reportReady: 0, unpaid: 0, awaitingSample: 0, testing: 0 });

    await order(me.member.id, 'delivered');
    await order(me.member.id, 'delivered', 'unsettled', true);
    await order(me.member.id, 'submitted', 'unpaid');
    await order(me.member.id, 'awaiting_sample', 'unpaid');
    // settled after testing: not 待支付; cancelled: nothing
    await order(me.member.id, 'awaiting_sample', 'unpaid', true);
    await order(me.member.id, 'cancelled', 'unpaid');
    await order(me.member.id, 'testing');
    await order(me.member.id, 'completed');
    await order(other.member.id, 'delivered');
    await order(other.member.id, 'submitted', 'unpaid');

    expect(await home()).toEqual({ reportReady: 2, unpaid: 2, awaitingSample: 2, testing: 1 });
  });
});
