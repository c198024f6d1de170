import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { OnlinePayStart } from '@lab/contract';
import { call, createTestContext, type TestContext } from '../../../test/harness';
import { ledgerProblems } from '../../../test/ledger-invariants';
import { makeWechatPayKeys, startWechatPayPeer, type WechatPayPeer } from '../../../test/peers/wechat-pay-peer';
import { ledgerEntries } from '../funds/funds.tables';
import { onlinePayments, onlineRefunds } from './payments.tables';
import { platformKeysFrom, wechatPayProvider } from '../../platform/providers/wechat-pay';
import { paymentReference } from './online-pay-core';
import { sweepRefunds } from './online-refunds';
import { makeOrder, orderRow, payer, paymentCatalog, type PaymentCatalog } from './payment.test-helpers';

/**
 * The whole path with the real WeChat Pay v3 provider against its local peer: start (Native QR),
 * the peer's signed and encrypted notify through our route /pay/notify/wechat (raw body), a replay,
 * the cancel's refund sent to the peer and settled by its REFUND.SUCCESS notify.
 */
const keys = makeWechatPayKeys();
let peer: WechatPayPeer;
let t: TestContext;
let catalog: PaymentCatalog;
beforeAll(async () => {
  peer = await startWechatPayPeer(keys.peerOptions);
  t = await createTestContext();
  catalog = await paymentCatalog(t.db);
  const wechat = wechatPayProvider({
    mchid: keys.mchid,
    appId: keys.appId,
    jsapi: false,
    merchantSerial: keys.merchantSerial,
    privateKey: keys.merchant.privateKeyPem,
    apiV3Key: keys.apiV3Key,
    platformKeys: platformKeysFrom({ certificatesPem: keys.platform.certificatePem }),
    baseUrl: peer.url,
  });
  // a test's own provider on the app's deps (routes and jobs read deps.payments at each call)
  t.app.deps.payments = { ...t.app.deps.payments, wechat };
});
afterAll(async () => {
  await t?.close();
  await peer?.stop();
  keys.remove();
});

const notify = (built: { headers: Record<string, string>; body: string }) => t.app.inject({ method: 'POST', url: '/pay/notify/wechat', headers: built.headers, payload: built.body });

it('pays an order through WeChat Pay v3 and refunds it to WeChat when cancelled', async () => {
  const who = await payer(t);
  const order = await makeOrder(t, catalog, who.member.id, { amounts: [128_00] });
  const started = await call<OnlinePayStart>(t.app, 'POST', '/api/auth/onlinePay/start', { token: who.token, form: { purpose: 'order', vendor: 'wechat', scene: 'native', order_no: order.orderNo } });
  expect(started.status, started.msg).toBe(200);
  expect(started.data.start).toMatchObject({ kind: 'qr', codeUrl: expect.stringMatching(/^weixin:\/\//) });
  const no = started.data.payment.paymentNo;
  expect((await t.db.select().from(onlinePayments).where(eq(onlinePayments.paymentNo, no)))[0]).toMatchObject({ provider: 'wechat', merchantId: keys.mchid, appId: keys.appId });

  peer.pay(no);
  const built = peer.paymentNotify(no);
  const first = await notify(built);
  expect(first.statusCode).toBeLessThan(300);
  expect(await orderRow(t, order.orderNo)).toMatchObject({ payment: 'paid', paidFen: 128_00 });
  // WeChat retries: the same notify again books nothing more
  const entries = (await t.db.select().from(ledgerEntries)).length;
  expect((await notify(built)).statusCode).toBeLessThan(300);
  expect(await t.db.select().from(ledgerEntries)).toHaveLength(entries);
  expect((await t.db.select().from(ledgerEntries).where(eq(ledgerEntries.reference, paymentReference(no)))).map((e) => e.type)).toEqual(['online_pay']);

  expect((await call(t.app, 'POST', '/api/auth/order/cancel', { token: who.token, form: { order_no: order.orderNo } })).status).toBe(200);
  const refundOf = async () => (await t.db.select().from(onlineRefunds).where(eq(onlineRefunds.orderId, order.id)))[0]!;
  await sweepRefunds(t.db, t.app.deps.payments, 'http://shop.test', t.clock.now());
  const refund = await refundOf();
  expect(refund).toMatchObject({ state: 'processing', amountFen: 128_00 });
  expect(refund.requestedAt).not.toBeNull();
  peer.settleRefund(refund.refundNo);
  expect((await notify(peer.refundNotify(refund.refundNo))).statusCode).toBeLessThan(300);
  expect((await refundOf()).state).toBe('success');
  expect(await ledgerProblems(t.db)).toEqual([]);
});
