import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, desc, eq, inArray } from 'drizzle-orm';
import { VAULT_GB_BYTES, type OrderSummary, type VaultExtendQuote } from '@lab/contract';
import { call, createTestContext, type TestContext } from '../../../test/harness';
import { makeStaff } from '../../../test/factories';
import { issueSession } from '../accounts/sessions.service';
import { balanceOf } from '../funds';
import { memberMessages } from '../messages/member-messages.tables';
import { orderEvents, orders } from '../orders/orders.tables';
import { attachReport } from '../orders/desk/progress.test-helpers';
import { sendReminders } from '../orders/desk/reminders.service';
import { fundMember, makeBuyer, makeOrder, type Buyer } from '../orders/test-helpers';
import { addYears } from './extension.service';
import { deleteExpiredFiles } from './retention.service';
import { VAULT_FOLDER } from './vault-core';
import { vaultExtensions, vaultFiles } from './vault.tables';

/**
 * The paid retention's follow-ups (decisions/0066):
 * - a file an unpaid extension names that is deleted before the payment is not charged for: the
 *   deleting transaction takes it off the order (a lower total), or cancels the order when no file
 *   is left;
 * - paying an extension that keeps every file of an order longer moves that order's own retention
 *   end and its reminder (orders' data retention reminder, 180 days after delivery) to the new end;
 *   an extension of some of the files leaves the order's reminder where it was.
 */
let t: TestContext;
let buyer: Buyer;
let labId: number;
const DAY = 86_400_000;
beforeAll(async () => {
  // 10:00 in Shanghai: inside the reminders' hours
  t = await createTestContext({ now: '2026-12-01T02:00:00Z' });
  labId = (await makeStaff(t.db, 'lab', t.clock.now())).id;
  buyer = await makeBuyer(t);
});
afterAll(() => t?.close());

async function newOrder() {
  const { orderNo } = await makeOrder(t, buyer);
  const [row] = await t.db.select().from(orders).where(eq(orders.orderNo, orderNo));
  return row!;
}
/** A stored file of the order, of `size` bytes as its row says (the object holds a few bytes). */
async function storedFile(orderId: number, name: string, size: number, retentionEnd: Date) {
  const rid = randomBytes(10).toString('hex');
  await t.app.deps.files.put(VAULT_FOLDER, `${rid}.bin`, randomBytes(64), 'application/octet-stream');
  await t.db.insert(vaultFiles).values({ rid, orderId, memberId: buyer.member.id, instrument: 'SEM', name, size, storageKey: `${rid}.bin`, partSize: 8 * 1024 * 1024, state: 'verified', retentionEnd, uploadedBy: labId, createdAt: t.clock.now() });
  return rid;
}
const post = <T>(path: string, form: Record<string, string | number>) => call<T>(t.app, 'POST', path, { token: buyer.token, form });
const freshToken = async () => {
  buyer.token = (await issueSession(t.db, 'member', buyer.member.id, { now: t.clock.now() })).token;
};
const orderOf = async (orderNo: string) => (await t.db.select().from(orders).where(eq(orders.orderNo, orderNo)))[0]!;
const balance = () => balanceOf(t.db, 'member', buyer.member.id);
const remind = () => sendReminders(t.db, { sms: t.app.deps.sms, email: t.app.deps.email }, t.clock.now());

describe('a file deleted between ordering and paying an extension', () => {
  it('is taken off the unpaid order when it is deleted: the member pays only for what is still kept', async () => {
    const order = await newOrder();
    const soon = new Date(t.clock.now().getTime() + DAY);
    const later = new Date(t.clock.now().getTime() + 100 * DAY);
    const goes = await storedFile(order.id, 'SEM-goes.tif', Math.round(1.2 * VAULT_GB_BYTES), soon);
    const stays = await storedFile(order.id, 'SEM-stays.tif', Math.round(0.5 * VAULT_GB_BYTES), later);
    const made = await post<VaultExtendQuote & { orderNo: string }>('/api/auth/vault/extend', { rids: `${goes},${stays}`, years: 1 });
    // 1.7 GB → 2 GB × 1 year × ¥30
    expect(made, made.msg).toMatchObject({ code: 1, data: { files: 2, gb: 2, totalFen: 6000 } });

    // the member waits; the first file's retention ends and the nightly job deletes it
    t.clock.set(new Date(soon.getTime() + 3600_000));
    await freshToken();
    expect((await deleteExpiredFiles(t.db, t.app.deps, t.clock.now())).files).toBe(1);
    const revised = await orderOf(made.data.orderNo);
    // 0.5 GB left → 1 GB × 1 year × ¥30, and the order says so
    expect(revised).toMatchObject({ totalFen: 3000, payment: 'unpaid', progress: 'submitted', title: '数据保管延期 1 年 · 1 个文件 · 1 GB' });
    const [event] = await t.db.select().from(orderEvents).where(eq(orderEvents.orderId, revised.id)).orderBy(desc(orderEvents.id)).limit(1);
    expect(event).toMatchObject({ title: '订单金额已调整', note: '文件 SEM-goes.tif 已删除，不再计费（余 1 个文件，计 1 GB），订单金额由¥60.00调整为¥30.00' });
    expect((await t.db.select().from(vaultExtensions).where(eq(vaultExtensions.orderId, revised.id)))[0]).toMatchObject({ gb: 1, totalFen: 3000, bytes: Math.round(0.5 * VAULT_GB_BYTES) });
    // the pay dialog shows the new total
    const ready = await post<{ order: OrderSummary }>('/api/auth/order/ready2pay', { order_no: made.data.orderNo });
    expect(ready.data.order.totalFen).toBe(3000);

    await fundMember(t.db, buyer.member.id, 10_000, t.clock.now());
    const paid = await post<OrderSummary>('/api/auth/order/pay', { order_no: made.data.orderNo, coupon_rid: 'none' });
    expect(paid, paid.msg).toMatchObject({ code: 1, data: { payment: 'paid', progress: 'completed' } });
    expect(await balance()).toBe(10_000 - 3000);
    const files = await t.db.select({ rid: vaultFiles.rid, state: vaultFiles.state, end: vaultFiles.retentionEnd }).from(vaultFiles).where(inArray(vaultFiles.rid, [goes, stays]));
    expect(files.find((f) => f.rid === stays)).toMatchObject({ state: 'verified', end: addYears(later, 1) });
    expect(files.find((f) => f.rid === goes)).toMatchObject({ state: 'deleted', end: soon });
  });

  it('cancels the unpaid order when every file it names is deleted, and the payment is refused with nothing taken', async () => {
    const order = await newOrder();
    const soon = new Date(t.clock.now().getTime() + DAY);
    const only = await storedFile(order.id, 'NMR-fid.zip', 300 * 1024 * 1024, soon);
    const made = await post<VaultExtendQuote & { orderNo: string }>('/api/auth/vault/extend', { rids: only, years: 3 });
    expect(made, made.msg).toMatchObject({ code: 1, data: { gb: 1, totalFen: 9000 } });
    t.clock.set(new Date(soon.getTime() + 3600_000));
    await freshToken();
    await deleteExpiredFiles(t.db, t.app.deps, t.clock.now());
    expect(await orderOf(made.data.orderNo)).toMatchObject({ progress: 'cancelled', payment: 'unpaid', cancelReason: '所选文件 NMR-fid.zip 已删除，本订单无需支付' });
    const [message] = await t.db.select().from(memberMessages).where(and(eq(memberMessages.memberId, buyer.member.id), eq(memberMessages.title, `订单${made.data.orderNo}已取消`)));
    expect(message?.content).toContain('所选文件 NMR-fid.zip 已删除，本订单无需支付');

    const before = await balance();
    expect(await post('/api/auth/order/pay', { order_no: made.data.orderNo, coupon_rid: 'none' })).toMatchObject({ status: 409, msg: '订单已取消，不能支付' });
    expect(await balance()).toBe(before);
  });
});

describe('the order\'s own retention reminder', () => {
  it('moves to the new end when a paid extension keeps all of the order\'s files; a partial one leaves it', async () => {
    const now = t.clock.now();
    const deliveredAt = now;
    const oldEnd = new Date(now.getTime() + 180 * DAY);
    const whole = await newOrder();
    const partial = await newOrder();
    for (const order of [whole, partial]) {
      await t.db.update(orders).set({ progress: 'completed', deliveredAt }).where(eq(orders.id, order.id));
      await attachReport(t, order.id);
    }
    // the lab uploaded the raw files at delivery: their retention ends with the order's
    await storedFile(whole.id, 'XRD-1.raw', 10 * 1024 * 1024, oldEnd);
    await storedFile(whole.id, 'XRD-2.raw', 10 * 1024 * 1024, oldEnd);
    const kept = await storedFile(partial.id, 'SEM-1.tif', 10 * 1024 * 1024, oldEnd);
    await storedFile(partial.id, 'SEM-2.tif', 10 * 1024 * 1024, oldEnd);

    await fundMember(t.db, buyer.member.id, 20_000, t.clock.now());
    const forms: Record<string, string | number>[] = [{ order_no: whole.orderNo, years: 1 }, { rids: kept, years: 1 }];
    for (const form of forms) {
      const made = await post<{ orderNo: string }>('/api/auth/vault/extend', form);
      expect(made, made.msg).toMatchObject({ code: 1 });
      expect(await post('/api/auth/order/pay', { order_no: made.data.orderNo, coupon_rid: 'none' })).toMatchObject({ code: 1 });
    }
    const newEnd = addYears(oldEnd, 1);
    // 6 days before the old end: only the order whose files still go then is reminded
    t.clock.set(new Date(oldEnd.getTime() - 6 * DAY));
    expect((await remind()).retention).toEqual([partial.orderNo]);
    // 6 days before the new end: the extended order, with the new date
    t.clock.set(new Date(newEnd.getTime() - 6 * DAY));
    expect((await remind()).retention).toEqual([whole.orderNo]);
    const [message] = await t.db.select().from(memberMessages).where(and(eq(memberMessages.memberId, buyer.member.id), eq(memberMessages.title, `订单${whole.orderNo}的数据即将到期`)));
    expect(message?.content).toContain(newEnd.toLocaleDateString('zh-CN', { timeZone: 'Asia/Shanghai' }));
    // once
    expect((await remind()).retention).toEqual([]);
    // what moved it: the order's stored end, the earliest end among its kept files
    expect((await orderOf(whole.orderNo)).retentionUntil).toEqual(newEnd);
    expect((await orderOf(partial.orderNo)).retentionUntil).toBeNull();
  });
});
