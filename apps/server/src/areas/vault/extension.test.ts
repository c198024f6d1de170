import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, inArray } from 'drizzle-orm';
import { VAULT_GB_BYTES, type OrderSummary, type VaultExtendQuote } from '@lab/contract';
import { call, createTestContext, type TestContext } from '../../../test/harness';
import { makeStaff } from '../../../test/factories';
import { issueSession } from '../accounts/sessions.service';
import { orders } from '../orders/orders.tables';
import { fundMember, makeBuyer, makeOrder, type Buyer } from '../orders/test-helpers';
import { deleteExpiredFiles } from './retention.service';
import { VAULT_FOLDER } from './vault-core';
import { vaultDeletionCertificates, vaultExtensions, vaultFiles } from './vault.tables';

/**
 * 数据保管延期 (decisions/0053): the member extends a folder (an order's files) or chosen files
 * by 1, 3 or 5 years at ceil(GB) × years × the price per GB-year, pays the order from prestore
 * like any order, and the retention ends move; the retention job on the test clock then keeps
 * the files past their old end and deletes them, with a certificate, at the new one.
 */
let t: TestContext;
let buyer: Buyer;
let other: Buyer;
let orderNo: string;
let orderId: number;
let labId: number;
const DAY = 86_400_000;
beforeAll(async () => {
  t = await createTestContext({ now: '2026-12-01T02:00:00Z' });
  labId = (await makeStaff(t.db, 'lab', t.clock.now())).id;
  buyer = await makeBuyer(t);
  other = await makeBuyer(t);
  const order = await makeOrder(t, buyer);
  orderNo = order.orderNo;
  orderId = (await t.db.select({ id: orders.id }).from(orders).where(eq(orders.orderNo, orderNo)))[0]!.id;
});
afterAll(() => t?.close());

const end0 = new Date('2027-05-30T02:00:00Z');
/** A stored file of `size` bytes (the object holds a few bytes: the price counts the row's size). */
async function storedFile(name: string, size: number, state: 'verified' | 'deleted' | 'uploading' = 'verified') {
  const rid = randomBytes(10).toString('hex');
  await t.app.deps.files.put(VAULT_FOLDER, `${rid}.bin`, randomBytes(64), 'application/octet-stream');
  await t.db.insert(vaultFiles).values({
    rid,
    orderId,
    memberId: buyer.member.id,
    instrument: 'SEM',
    name,
    size,
    storageKey: `${rid}.bin`,
    partSize: 8 * 1024 * 1024,
    state,
    retentionEnd: end0,
    uploadedBy: labId,
    createdAt: t.clock.now(),
  });
  return rid;
}
const post = <T>(path: string, who: Buyer, form: Record<string, string | number>) => call<T>(t.app, 'POST', path, { token: who.token, form });
const endsOf = async (rids: string[]) => (await t.db.select({ rid: vaultFiles.rid, end: vaultFiles.retentionEnd, state: vaultFiles.state }).from(vaultFiles).where(inArray(vaultFiles.rid, rids))).map((r) => [r.rid, r.end.toISOString(), r.state]);

describe('paid retention', () => {
  let a = '';
  let b = '';
  let gone = '';
  it('quotes ceil(GB) × years × the price per GB-year for a folder, and refuses bad input without changing anything', async () => {
    a = await storedFile('SEM-a.tif', Math.round(1.2 * VAULT_GB_BYTES));
    b = await storedFile('SEM-b.tif', Math.round(0.5 * VAULT_GB_BYTES));
    gone = await storedFile('old.tif', 5 * VAULT_GB_BYTES, 'deleted');
    await storedFile('half.tif', 10, 'uploading');
    const quote = await post<VaultExtendQuote>('/api/auth/vault/extend/quote', buyer, { order_no: orderNo, years: 3 });
    // 1.7 GB of kept files → 2 GB; ¥30 per GB-year by default; the deleted and the unfinished file are not counted
    expect(quote.data).toEqual({ files: 2, bytes: Math.round(1.2 * VAULT_GB_BYTES) + Math.round(0.5 * VAULT_GB_BYTES), gb: 2, years: 3, gbYearFen: 3000, totalFen: 2 * 3 * 3000, retentionEnd: end0.toISOString(), newRetentionEnd: '2030-05-30T02:00:00.000Z' });
    expect((await post<VaultExtendQuote>('/api/auth/vault/extend/quote', buyer, { rids: b, years: 1 })).data).toMatchObject({ files: 1, gb: 1, totalFen: 3000 });

    const before = await t.db.$count(orders);
    expect(await post('/api/auth/vault/extend', buyer, { order_no: orderNo, years: 2 })).toMatchObject({ code: 0, msg: '[延长年限]只能是1年、3年或5年' });
    expect(await post('/api/auth/vault/extend', buyer, { years: 1 })).toMatchObject({ code: 0, msg: '请选择要延长保存期的文件或订单' });
    // another member's order and files are 404, as are a deleted file's
    expect(await post('/api/auth/vault/extend', other, { order_no: orderNo, years: 1 })).toMatchObject({ status: 404 });
    expect(await post('/api/auth/vault/extend', other, { rids: a, years: 1 })).toMatchObject({ status: 404 });
    expect(await post('/api/auth/vault/extend', buyer, { rids: `${a},${gone}`, years: 1 })).toMatchObject({ status: 404 });
    expect(await t.db.$count(orders)).toBe(before);
    expect(await t.db.$count(vaultExtensions)).toBe(0);
  });

  it('orders the extension, is paid from prestore like any order, completes, and moves the retention ends once', async () => {
    const made = await post<VaultExtendQuote & { orderNo: string }>('/api/auth/vault/extend', buyer, { order_no: orderNo, years: 3 });
    expect(made).toMatchObject({ code: 1, data: { gb: 2, years: 3, totalFen: 18_000 } });
    const [placed] = await t.db.select().from(orders).where(eq(orders.orderNo, made.data.orderNo));
    expect(placed).toMatchObject({ kind: 'service', memberId: buyer.member.id, totalFen: 18_000, payment: 'unpaid', progress: 'submitted', lineCount: 0 });
    expect(await endsOf([a, b])).toEqual(expect.arrayContaining([[a, end0.toISOString(), 'verified'], [b, end0.toISOString(), 'verified']]));

    // too little in prestore: refused, nothing moves
    await fundMember(t.db, buyer.member.id, 10_000, t.clock.now());
    expect((await post('/api/auth/order/pay', buyer, { order_no: made.data.orderNo, coupon_rid: 'none' })).code).toBe(0);
    expect((await endsOf([a]))[0]![1]).toBe(end0.toISOString());

    await fundMember(t.db, buyer.member.id, 8_000, t.clock.now());
    const paid = await post<OrderSummary>('/api/auth/order/pay', buyer, { order_no: made.data.orderNo, coupon_rid: 'none' });
    expect(paid, paid.msg).toMatchObject({ code: 1, data: { payment: 'paid', progress: 'completed' } });
    const moved = '2030-05-30T02:00:00.000Z';
    expect(await endsOf([a, b, gone])).toEqual(expect.arrayContaining([[a, moved, 'verified'], [b, moved, 'verified'], [gone, end0.toISOString(), 'deleted']]));
    expect((await t.db.select().from(vaultExtensions).where(eq(vaultExtensions.orderId, placed!.id)))[0]).toMatchObject({ years: 3, gb: 2, gbYearFen: 3000, totalFen: 18_000, appliedAt: t.clock.now() });
    // the member sees the new end in 数据保管箱
    const listed = await post<{ list: { rid: string; retentionEnd: string }[] }>('/api/auth/vault/files', buyer, { order_no: orderNo });
    expect(listed.data.list.find((f) => f.rid === a)?.retentionEnd).toBe(moved);
    // paying again changes nothing
    expect((await post('/api/auth/order/pay', buyer, { order_no: made.data.orderNo, coupon_rid: 'none' })).code).toBe(0);
    expect((await endsOf([a]))[0]![1]).toBe(moved);
  });

  it('the retention job keeps the files past their old end and deletes them at the new one, with a certificate', async () => {
    const untouched = await storedFile('not-extended.tif', 100);
    t.clock.set(new Date(end0.getTime() + DAY));
    const first = await deleteExpiredFiles(t.db, t.app.deps, t.clock.now());
    expect(first.files).toBe(2); // the one not extended, and the unfinished upload
    expect(await endsOf([a, b, untouched])).toEqual(expect.arrayContaining([[a, '2030-05-30T02:00:00.000Z', 'verified'], [untouched, end0.toISOString(), 'deleted']]));
    const kept = await t.app.deps.files.open(VAULT_FOLDER, `${a}.bin`);
    expect(kept).not.toBeNull();
    kept?.body.destroy();

    t.clock.set(new Date('2030-05-30T02:00:01Z'));
    buyer.token = (await issueSession(t.db, 'member', buyer.member.id, { now: t.clock.now() })).token;
    const second = await deleteExpiredFiles(t.db, t.app.deps, t.clock.now());
    expect(second.files).toBe(2);
    expect(await t.app.deps.files.open(VAULT_FOLDER, `${a}.bin`)).toBeNull();
    const [certificate] = await t.db.select().from(vaultDeletionCertificates).where(eq(vaultDeletionCertificates.rid, second.certificates[0]!));
    expect(certificate!.files.map((f) => [f.name, f.retentionEnd]).sort()).toEqual([
      ['SEM-a.tif', '2030-05-30T02:00:00.000Z'],
      ['SEM-b.tif', '2030-05-30T02:00:00.000Z'],
    ]);
  });
});
