import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { CONSENT_REQUIRED_MESSAGE, type ConsentRequiredData } from '@lab/contract';
import { call, createTestContext, type TestContext } from '../../../test/harness';
import { agreementVersions, memberAddresses, orders, prestoreApplications } from '../../db/schema';
import { seedAgreements } from '../content/agreements.seed';
import { shanghaiAddress } from '../member/test-helpers';
import { makeBuyer, makeItem, makeOrder, makePlanLine, sample } from '../orders/test-helpers';
import { consentRuleOf, consentRules } from './consent-rules';

/**
 * Issue 28 point 9: after a new 隐私政策 the server itself refuses new orders and new personal
 * data until the member agrees again; reading, paying for finished work, exporting, closing the
 * account and the consent itself stay open. Which call is which comes from one registry
 * (consent-rules.ts), and a member route without a rule fails here.
 */
let t: TestContext;
beforeAll(async () => {
  t = await createTestContext({ now: '2026-06-01T02:00:00Z' });
  await seedAgreements(t.db, t.clock.now());
});
afterAll(() => t?.close());

describe('the consent registry', () => {
  it('classifies every member route, and names no route that does not exist', () => {
    const memberRoutes = t.app.routeTable.filter((r) => r.url.startsWith('/api/auth/'));
    expect(memberRoutes.length).toBeGreaterThan(100);
    const unclassified = memberRoutes.filter((r) => !r.config.call || consentRuleOf(r.config.call.id) === undefined).map((r) => `${r.method} ${r.url}`);
    expect(unclassified, 'every /api/auth route needs a rule in consent-rules.ts').toEqual([]);
    const served = new Set(memberRoutes.map((r) => r.config.call!.id));
    const stale = Object.entries(consentRules).flatMap(([resource, table]) => Object.keys(table).map((key) => `${resource}.${key}`)).filter((id) => !served.has(id));
    expect(stale).toEqual([]);
  });
});

describe('a new 隐私政策 published', () => {
  it('refuses new orders and new personal data with CONSENT_REQUIRED until the member agrees; reading, settling, export and closure stay open', async () => {
    const buyer = await makeBuyer(t);
    const item = await makeItem(t.db);
    const unsettled = await makeOrder(t, buyer, item);
    const line = await makePlanLine(t.db, buyer.member.id, item, {}, t.clock.now());
    const post = <T = unknown>(url: string, form: Record<string, unknown> = {}) => call<T>(t.app, 'POST', url, { token: buyer.token, json: form });
    const order = { delivery: 'self', agree: '1', lines: JSON.stringify([{ id: line.rid, samples: [sample()] }]) };

    // staff publish 隐私政策 v2 (in force now)
    t.clock.advance(60_000);
    await t.db.insert(agreementVersions).values({ kind: 'privacy', version: 2, title: '隐私政策', body: '<p>第二版</p>', summary: '新增在线支付服务商。', effectiveAt: t.clock.now() });
    const ordersBefore = await t.db.$count(orders);

    const refusals = [
      await post('/api/auth/order/add', order),
      await post('/api/auth/address/add', shanghaiAddress),
      await post('/api/auth/user/update4contact', { name: '王老师', email: 'wang@example.edu.cn' }),
      await post('/api/auth/prestoreApply/add', { amount: '1000' }),
      await post('/api/auth/onlinePay/start', { purpose: 'topup', vendor: 'wechat', scene: 'native', amount: '1000' }),
    ];
    for (const refused of refusals) {
      expect(refused).toMatchObject({ status: 403, code: 0, msg: CONSENT_REQUIRED_MESSAGE });
      expect((refused.data as ConsentRequiredData).consentDue).toEqual([expect.objectContaining({ kind: 'privacy', version: 2 })]);
    }
    expect((refusals[0]!.data as ConsentRequiredData).reason).toBe('CONSENT_REQUIRED');
    // nothing was made
    expect(await t.db.$count(orders)).toBe(ordersBefore);
    expect(await t.db.$count(memberAddresses, eq(memberAddresses.memberId, buyer.member.id))).toBe(1);
    expect(await t.db.$count(prestoreApplications, eq(prestoreApplications.memberId, buyer.member.id))).toBe(0);

    // what stays open: reading, the consent itself, export, closure (refused for its own reason), settling finished work
    expect(await post('/api/auth/order/list4person', { page: 1, pageSize: 10 })).toMatchObject({ code: 1 });
    expect(await post('/api/auth/user/info')).toMatchObject({ code: 1, data: { consentDue: [expect.objectContaining({ kind: 'privacy', version: 2 })] } });
    expect((await t.app.inject({ method: 'GET', url: '/api/auth/privacy/export?format=json', headers: { token: buyer.token } })).statusCode).toBe(200);
    expect(await post('/api/auth/privacy/close', { password: 'wrong-password' })).toMatchObject({ status: 400, msg: expect.stringContaining('登录密码错误') });
    // settling goes through to the order's own rules (this one is not settleable): not the consent refusal
    const settle = await post('/api/auth/onlinePay/start', { purpose: 'settle', vendor: 'wechat', scene: 'native', order_nos: unsettled.orderNo });
    expect(settle).toMatchObject({ status: 409, msg: expect.stringContaining('不能结算') });
    // cancelling stays open
    expect(await post('/api/auth/order/cancel', { order_no: unsettled.orderNo, reason: '不需要了' })).toMatchObject({ code: 1 });

    // agreeing opens the rest
    expect(await post('/api/auth/consent/accept', { privacy: 2 })).toMatchObject({ code: 1 });
    expect(await post('/api/auth/order/add', order)).toMatchObject({ code: 1 });
    expect(await post('/api/auth/address/add', shanghaiAddress)).toMatchObject({ code: 1 });
  });
});
