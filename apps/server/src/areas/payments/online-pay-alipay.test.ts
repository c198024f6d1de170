import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { OnlinePayStart } from '@lab/contract';
import { call, createTestContext, type TestContext } from '../../../test/harness';
import { ledgerProblems } from '../../../test/ledger-invariants';
import { startAlipayPeer, type AlipayPeer } from '../../../test/peers/alipay-peer';
import { onlinePayments } from './payments.tables';
import { alipayProvider } from '../../platform/providers/alipay';
import { makeOrder, orderRow, payer, paymentCatalog, type PaymentCatalog } from './payment.test-helpers';

/**
 * The real Alipay provider against its local peer through our route: the form-encoded notify
 * reaches /pay/notify/alipay byte for byte, a spoiled one is refused with `fail`, the good one books.
 */
let peer: AlipayPeer;
let t: TestContext;
let catalog: PaymentCatalog;
beforeAll(async () => {
  peer = await startAlipayPeer();
  t = await createTestContext();
  catalog = await paymentCatalog(t.db);
  const alipay = alipayProvider({ appId: peer.appId, privateKey: peer.appPrivateKeyPem, alipayPublicKey: peer.alipayPublicKeyPem, sellerId: peer.sellerId, gateway: peer.gateway });
  t.app.deps.payments = { ...t.app.deps.payments, alipay };
});
afterAll(async () => {
  await t?.close();
  await peer?.close();
});

const notify = (body: string) => t.app.inject({ method: 'POST', url: '/pay/notify/alipay', headers: { 'content-type': 'application/x-www-form-urlencoded; charset=utf-8' }, payload: body });

it('pays an order through Alipay: a spoiled notice is refused, the verified one books once', async () => {
  const who = await payer(t);
  const order = await makeOrder(t, catalog, who.member.id, { amounts: [66_60] });
  const started = await call<OnlinePayStart>(t.app, 'POST', '/api/auth/onlinePay/start', { token: who.token, form: { purpose: 'order', vendor: 'alipay', scene: 'page', order_no: order.orderNo } });
  expect(started.status, started.msg).toBe(200);
  expect(started.data.start.kind).toBe('redirect');
  const no = started.data.payment.paymentNo;
  expect((await peer.openCashier(started.data.start.kind === 'redirect' ? started.data.start.url : '')).status).toBe(200);
  peer.pay(no);
  for (const tamper of ['signature', 'amount', 'app_id'] as const) {
    const refused = await notify(peer.notice(no, { tamper }));
    expect(refused.body, tamper).toBe('fail');
  }
  expect((await orderRow(t, order.orderNo)).payment).toBe('unpaid');
  const good = peer.notice(no);
  expect((await notify(good)).body).toBe('success');
  expect((await notify(good)).body).toBe('success');
  expect(await orderRow(t, order.orderNo)).toMatchObject({ payment: 'paid', paidFen: 66_60 });
  expect((await t.db.select().from(onlinePayments).where(eq(onlinePayments.paymentNo, no)))[0]).toMatchObject({ state: 'paid', provider: 'alipay', bookedBy: 'notify' });
  expect(await ledgerProblems(t.db)).toEqual([]);
});
