import fs from 'node:fs';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BALANCE_TOO_LOW_MESSAGE, LOGIN_MAX_FAILURES, SmsPurpose, type AdminPrestore, type LoginResult, type OrderSummary, type Page, type PrestoreApplication, type RefreshResult, type UserInfo } from '@lab/contract';
import type { Database } from '../src/db/client';
import { memberCoupons, orders, smsCodes } from '../src/db/schema';
import { systemClock } from '../src/platform/clock';
import { COUPON_USED_MESSAGE } from '../src/areas/funds/coupon-redemption';
import { ALREADY_PAID } from '../src/areas/payments/payment.service';
import { fund, giveCoupon, makeOrder, paymentCatalog, type DataContext, type PaymentCatalog } from '../src/areas/payments/payment.test-helpers';
import { defaultPassword, makeLoggedInMember, makeMember, makeStaff } from './factories';
import { openTestDatabase, uniquePhone } from './harness';
import { ledgerProblems, paymentEntries, prestoreBalance } from './ledger-invariants';
import { apiCall, databaseUrlOf, startServer, stopAll, type Reply, type ServerProcess } from './server-process';
import { tmpRoot } from './template';

/**
 * Two server processes on one PostgreSQL, as behind a load balancer: whatever one instance
 * knows (sessions, SMS cooldowns, rate-limit counters, login holds, balances) the other must
 * know too, because it lives in the database and not in a process. Runs in the postgres
 * project only (vitest.config.ts); docs/security.md "Multi-instance".
 */

let database: Database;
let t: DataContext;
let a: ServerProcess;
let b: ServerProcess;
let catalog: PaymentCatalog;
const filesDir = path.join(tmpRoot, `instances-${process.pid}-${randomBytes(4).toString('hex')}`);

beforeAll(async () => {
  database = await openTestDatabase();
  t = { db: database.db, clock: systemClock };
  const url = await databaseUrlOf(database.db);
  [a, b] = await Promise.all([
    startServer({ name: 'A', databaseUrl: url, dataDir: path.join(filesDir, 'a') }),
    startServer({ name: 'B', databaseUrl: url, dataDir: path.join(filesDir, 'b') }),
  ]);
  catalog = await paymentCatalog(database.db);
}, 90_000);

afterAll(async () => {
  await stopAll(a, b);
  await database?.close();
  fs.rmSync(filesDir, { recursive: true, force: true });
}, 30_000);

/** A client address of its own per test, so the per-IP limits of one test never touch another. */
let ipCounter = 0;
const newIp = () => `10.${process.pid % 250}.${Math.floor(++ipCounter / 250)}.${ipCounter % 250}`;

const login = (server: ServerProcess, account: string, password: string, ip: string) =>
  apiCall<LoginResult>(server, '/api/open/login', { form: { account, password }, ip });
const userInfo = (server: ServerProcess, token: string) => apiCall<UserInfo>(server, '/api/auth/user/info', { token, ip: newIp() });
const refresh = (server: ServerProcess, refreshToken: string, ip: string) =>
  apiCall<RefreshResult>(server, '/api/open/refresh4token', { query: { token: refreshToken }, ip });
const sendCode = (server: ServerProcess, phone: string, ip: string) =>
  apiCall(server, '/api/open/code4sms', { form: { phone, useFor: SmsPurpose.login }, ip });
const pay = (server: ServerProcess, who: Client, orderNo: string, extra: Record<string, string> = {}) =>
  apiCall<OrderSummary>(server, '/api/auth/order/pay', { token: who.token, ip: who.ip, form: { order_no: orderNo, ...extra } });

/** A logged-in member (or staff member) calling from an address of their own. */
interface Client {
  token: string;
  ip: string;
}
const payingMember = async () => ({ ...(await makeLoggedInMember(t.db)), ip: newIp() });

const expired = { status: 401, code: 0, msg: '登录已过期，请重新登录' };
const both = () => [a, b] as const;

describe('sessions: a token from one instance is good on the other', () => {
  it('logs in through A and calls a member route on B with the token', async () => {
    const member = await makeMember(t.db);
    const session = await login(a, member.phone, defaultPassword, newIp());
    expect(session).toMatchObject({ status: 200, code: 1 });
    const info = await userInfo(b, session.data.token);
    expect(info).toMatchObject({ status: 200, code: 1 });
    expect(info.data.account.phone).toBe(member.phone);
  });

  it('rotates the refresh token through B; the old one replayed on A revokes the whole family on both', async () => {
    const member = await makeMember(t.db);
    const ip = newIp();
    const first = (await login(a, member.phone, defaultPassword, ip)).data;
    const rotated = await refresh(b, first.refreshToken, ip);
    expect(rotated).toMatchObject({ status: 200, code: 1, msg: '刷新成功' });
    // the new pair works on A, the replaced access token on neither
    expect(await userInfo(a, rotated.data.token)).toMatchObject({ status: 200, code: 1 });
    for (const server of both()) expect(await userInfo(server, first.token), server.name).toMatchObject(expired);

    // the first refresh token again, on the other instance: a replay
    expect(await refresh(a, first.refreshToken, ip)).toMatchObject(expired);
    for (const server of both()) expect(await userInfo(server, rotated.data.token), server.name).toMatchObject(expired);
    expect(await refresh(b, rotated.data.refresh_token, ip)).toMatchObject(expired);
    expect(await refresh(a, rotated.data.refresh_token, ip)).toMatchObject(expired);
  });

  it('only one of two racing rotations of the same refresh token wins, across instances', async () => {
    const member = await makeMember(t.db);
    const ip = newIp();
    const session = (await login(b, member.phone, defaultPassword, ip)).data;
    const results = await Promise.all([refresh(a, session.refreshToken, ip), refresh(b, session.refreshToken, ip)]);
    expect(results.filter((r) => r.status === 200)).toHaveLength(1);
  });

  it('logging out on A kills the token on B, and its refresh token', async () => {
    const member = await makeMember(t.db);
    const ip = newIp();
    const session = (await login(a, member.phone, defaultPassword, ip)).data;
    expect(await userInfo(b, session.token)).toMatchObject({ status: 200, code: 1 });
    expect(await apiCall(a, '/api/auth/logout', { token: session.token, ip })).toMatchObject({ status: 200, code: 1, msg: '已退出登录' });
    expect(await userInfo(b, session.token)).toMatchObject(expired);
    expect(await refresh(b, session.refreshToken, ip)).toMatchObject(expired);
  });
});

describe('SMS codes: one cooldown and one per-IP cap for both instances', () => {
  it('refuses a second code for the phone through B within the cooldown of the code sent through A', async () => {
    const phone = uniquePhone();
    expect(await sendCode(a, phone, newIp())).toMatchObject({ status: 200, code: 1, msg: '验证码已发送!' });
    const second = await sendCode(b, phone, newIp());
    expect(second).toMatchObject({ status: 429, code: 0 });
    expect(second.msg).toMatch(/^验证码发送过于频繁，请\d+秒后再试$/);
    expect(await t.db.select().from(smsCodes).where(eq(smsCodes.phone, phone))).toHaveLength(1);
  });

  it('sends exactly one code when six requests for one phone race through both instances', async () => {
    const phone = uniquePhone();
    const results = await Promise.all(Array.from({ length: 6 }, (_, i) => sendCode(i % 2 ? b : a, phone, newIp())));
    expect(results.filter((r) => r.status === 200)).toHaveLength(1);
    for (const r of results.filter((x) => x.status !== 200)) expect(r.msg).toMatch(/^验证码发送过于频繁/);
    expect(await t.db.select().from(smsCodes).where(eq(smsCodes.phone, phone))).toHaveLength(1);
  });

  it('counts the per-IP hourly cap (20) over both instances together', async () => {
    const ip = newIp();
    for (let i = 0; i < 20; i += 1) {
      const server = i % 2 ? b : a;
      expect(await sendCode(server, uniquePhone(), ip), `send ${i + 1} through ${server.name}`).toMatchObject({ status: 200, code: 1 });
    }
    for (const server of both()) {
      const refused = await sendCode(server, uniquePhone(), ip);
      expect(refused, server.name).toMatchObject({ status: 429, code: 0 });
      expect(refused.msg).toMatch(/^操作过于频繁，请\d+秒后再试$/);
    }
    // another address is not held
    expect(await sendCode(b, uniquePhone(), newIp())).toMatchObject({ status: 200, code: 1 });
  });
});

describe('login lockout: wrong passwords on either instance add up', () => {
  const lockedMsg = /^密码错误次数过多，账号已锁定，请1[45]分钟后再试$/;

  it(`locks the account on both after ${LOGIN_MAX_FAILURES} wrong passwords alternating between A and B`, async () => {
    const member = await makeMember(t.db);
    for (let i = 1; i < LOGIN_MAX_FAILURES; i += 1) {
      const server = i % 2 ? a : b;
      expect(await login(server, member.phone, 'wrong-password', newIp()), `try ${i} on ${server.name}`).toMatchObject({
        status: 400,
        msg: `账号或密码错误，还可尝试${LOGIN_MAX_FAILURES - i}次`,
      });
    }
    const last = await login(LOGIN_MAX_FAILURES % 2 ? a : b, member.phone, 'wrong-password', newIp());
    expect(last).toMatchObject({ status: 429, code: 0 });
    expect(last.msg).toMatch(lockedMsg);
    // the right password is refused on both while the hold lasts
    for (const server of both()) {
      const res = await login(server, member.phone, defaultPassword, newIp());
      expect(res, server.name).toMatchObject({ status: 429, code: 0 });
      expect(res.msg).toMatch(lockedMsg);
    }
  });

  it('locks it too when the wrong passwords arrive at the same time on both', async () => {
    const member = await makeMember(t.db);
    const tries = await Promise.all(Array.from({ length: LOGIN_MAX_FAILURES }, (_, i) => login(i % 2 ? b : a, member.phone, 'wrong-password', newIp())));
    expect(tries.every((r) => r.code === 0)).toBe(true);
    for (const server of both()) {
      const res = await login(server, member.phone, defaultPassword, newIp());
      expect(res, server.name).toMatchObject({ status: 429, code: 0 });
      expect(res.msg).toMatch(lockedMsg);
    }
  });
});

describe('money moved through both instances at once: each fen spent once', () => {
  const price = 300_00;

  /** Fires every request at once and sorts the answers; anything but success or a clean refusal fails the test. */
  async function fire(requests: { server: ServerProcess; orderNo: string; run: () => Promise<Reply<OrderSummary>> }[]) {
    const replies = await Promise.all(requests.map(async (r) => ({ ...r, reply: await r.run() })));
    for (const { reply, server } of replies) {
      const clean = reply.code === 1 || (reply.status === 409 && [BALANCE_TOO_LOW_MESSAGE, ALREADY_PAID, COUPON_USED_MESSAGE].includes(reply.msg));
      expect(clean, `${server.name}: ${JSON.stringify(reply)}\n${server.output()}`).toBe(true);
    }
    return replies;
  }

  /** Each order that answered "paid" is paid in the database with exactly one payment entry of its amount. */
  async function expectPaidOnce(paid: { orderNo: string; reply: Reply<OrderSummary> }[]) {
    for (const { orderNo, reply } of paid) {
      const [row] = await t.db.select().from(orders).where(eq(orders.orderNo, orderNo));
      expect(row?.payment, orderNo).toBe('paid');
      expect(await paymentEntries(t.db, orderNo), orderNo).toEqual([{ id: expect.any(Number), amount: -row!.paidFen }]);
      expect(reply.data.orderNo).toBe(orderNo);
    }
  }

  it.each([3, 5])('a member with funds for exactly %i orders: 2K+2 pay requests for distinct orders through A and B, exactly K succeed', async (k) => {
    const who = await payingMember();
    await fund(t, 'member', who.member.id, k * price);
    const mine = await Promise.all(Array.from({ length: 2 * k + 2 }, () => makeOrder(t, catalog, who.member.id, { amounts: [price] })));
    const replies = await fire(mine.map((o, i) => ({ server: i % 2 ? b : a, orderNo: o.orderNo, run: () => pay(i % 2 ? b : a, who, o.orderNo) })));
    const paid = replies.filter((r) => r.reply.code === 1);
    expect(paid).toHaveLength(k);
    expect(replies.filter((r) => r.reply.code !== 1).every((r) => r.reply.msg === BALANCE_TOO_LOW_MESSAGE)).toBe(true);
    await expectPaidOnce(paid);
    expect(await prestoreBalance(t.db, who.member.id)).toBe(0);
    const paidRows = await t.db.select().from(orders).where(and(eq(orders.memberId, who.member.id), eq(orders.payment, 'paid')));
    expect(paidRows.map((o) => o.orderNo).sort()).toEqual(paid.map((r) => r.orderNo).sort());
  });

  it('the same orders paid four times each, twice through A and twice through B: each paid once, K in all', async () => {
    const k = 3;
    const who = await payingMember();
    await fund(t, 'member', who.member.id, k * price);
    const mine = await Promise.all(Array.from({ length: k + 2 }, () => makeOrder(t, catalog, who.member.id, { amounts: [price] })));
    const requests = mine.flatMap((o) => [a, b, a, b].map((server) => ({ server, orderNo: o.orderNo, run: () => pay(server, who, o.orderNo) })));
    const replies = await fire(requests);
    const paid = replies.filter((r) => r.reply.code === 1);
    expect(paid).toHaveLength(k);
    expect(new Set(paid.map((r) => r.orderNo)).size).toBe(k);
    await expectPaidOnce(paid);
    expect(await prestoreBalance(t.db, who.member.id)).toBe(0);
  });

  it('one coupon offered to two orders at once, one through A and one through B: used once', async () => {
    const who = await payingMember();
    await fund(t, 'member', who.member.id, 100 * price);
    for (let round = 0; round < 4; round += 1) {
      const coupon = await giveCoupon(t, who.member.id, { amountFen: 50_00 });
      const [first, second] = await Promise.all([makeOrder(t, catalog, who.member.id, { amounts: [price] }), makeOrder(t, catalog, who.member.id, { amounts: [price] })]);
      const replies = await fire([
        { server: a, orderNo: first!.orderNo, run: () => pay(a, who, first!.orderNo, { coupon_rid: coupon.rid }) },
        { server: b, orderNo: second!.orderNo, run: () => pay(b, who, second!.orderNo, { coupon_rid: coupon.rid }) },
      ]);
      const won = replies.filter((r) => r.reply.code === 1);
      expect(won, `round ${round}`).toHaveLength(1);
      const lost = replies.find((r) => r.reply.code !== 1)!;
      expect(lost.reply.msg).toBe(COUPON_USED_MESSAGE);
      const [used] = await t.db.select().from(memberCoupons).where(eq(memberCoupons.id, coupon.id));
      expect(used).toMatchObject({ status: 'used', usedReference: `order:${won[0]!.orderNo}`, discountFen: 50_00 });
      await expectPaidOnce(won);
      expect((await t.db.select().from(orders).where(eq(orders.orderNo, won[0]!.orderNo)))[0]?.paidFen).toBe(price - 50_00);
      expect((await t.db.select().from(orders).where(eq(orders.orderNo, lost.orderNo)))[0]?.payment).toBe('unpaid');
      expect(await paymentEntries(t.db, lost.orderNo)).toEqual([]);
    }
  });

  it('one top-up confirmed by two finance clerks at once, through A and B, twice each: booked once', async () => {
    const finance = { ...(await makeStaff(t.db, 'finance')), ip: newIp() };
    const who = await payingMember();
    for (let round = 0; round < 3; round += 1) {
      const added = await apiCall<PrestoreApplication>(a, '/api/auth/prestoreApply/add', { token: who.token, ip: who.ip, form: { amount: '500' } });
      expect(added, added.msg).toMatchObject({ status: 200, code: 1 });
      // each clerk confirms what the queue showed them (its version)
      const queue = await apiCall<Page<AdminPrestore>>(a, '/api/admin/funds/prestore/list', { token: finance.token, ip: finance.ip, form: { keyword: added.data.applyNo } });
      const version = String(queue.data.list[0]!.version);
      const replies = await Promise.all([a, b, a, b].map((server) => apiCall(server, '/api/admin/funds/prestore/confirm', { token: finance.token, ip: finance.ip, form: { rid: added.data.rid, version } })));
      expect(replies.filter((r) => r.code === 1), `round ${round}`).toHaveLength(1);
      for (const r of replies.filter((x) => x.code !== 1)) expect(r).toMatchObject({ status: 409, msg: '该预存申请已到账，不能确认到账' });
    }
    expect(await prestoreBalance(t.db, who.member.id)).toBe(3 * 500_00);
  });

  it('leaves every account equal to the sum of its entries, none below zero, every paid order with one entry', async () => {
    expect(await ledgerProblems(t.db)).toEqual([]);
  });
});
