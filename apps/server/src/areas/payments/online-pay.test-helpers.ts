import type { KeyObject } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, expect } from 'vitest';
import type { OnlinePayStart, OnlinePaymentView } from '@lab/contract';
import { call, createTestContext, type TestContext } from '../../../test/harness';
import { ledgerEntries } from '../funds/funds.tables';
import { onlinePayments } from './payments.tables';
import { paymentNoticeBody, signLocalNotice } from '../../platform/providers/local-gateway-notices';
import type { GatewayPayment } from '../../platform/providers/payment-gateway';
import { LOCAL_IDS } from '../../platform/providers/payment-local';
import { makeOrder, paymentCatalog, type PaymentCatalog, type Who } from './payment.test-helpers';

/* The context and helpers of the online payment tests (online-pay.test.ts, online-pay-refunds.test.ts). */

export let t: TestContext;
export let catalog: PaymentCatalog;

/** a test database for the file, with the payment catalog */
export function useOnlinePayContext(): void {
  beforeAll(async () => {
    t = await createTestContext({ now: '2026-11-20T04:00:00Z' });
    catalog = await paymentCatalog(t.db);
  });
  afterAll(() => t.close());
}

export const post = <T>(url: string, who: Who, form: Record<string, string | number | undefined> = {}) => call<T>(t.app, 'POST', url, { token: who.token, form });
export const start = (who: Who, form: Record<string, string | number | undefined>) =>
  post<OnlinePayStart>('/api/auth/onlinePay/start', who, { vendor: 'wechat', scene: 'native', ...form });
export const status = (who: Who, paymentNo: string) => post<OnlinePaymentView>('/api/auth/onlinePay/status', who, { payment_no: paymentNo });
export const channels = () => ({ sms: t.app.deps.sms, email: t.app.deps.email });
export const keys = () => t.app.deps.payments.local!.keys;
export const paymentOf = async (paymentNo: string) => (await t.db.select().from(onlinePayments).where(eq(onlinePayments.paymentNo, paymentNo)))[0]!;
export const entriesOf = (reference: string) => t.db.select().from(ledgerEntries).where(eq(ledgerEntries.reference, reference));
export const gatewayPath = (codeUrl: string) => new URL(codeUrl).pathname;

/** A signed notice as the local gateway sends it (or signed with another key), delivered to the notify route. */
export async function notify(body: string, options: { vendor?: 'wechat' | 'alipay'; privateKey?: KeyObject; tamper?: boolean } = {}) {
  const headers = signLocalNotice({ privateKey: options.privateKey ?? keys().privateKey }, body, Math.floor(t.clock.now().getTime() / 1000));
  const sent = options.tamper ? body.replace('"state":"paid"', '"state":"paid" ') : body;
  const answer = await t.app.inject({ method: 'POST', url: `/pay/notify/${options.vendor ?? 'wechat'}`, headers, payload: sent });
  return { status: answer.statusCode, body: answer.body };
}

export const paidNotice = (paymentNo: string, amountFen: number, over: Partial<GatewayPayment> = {}) =>
  paymentNoticeBody({ outTradeNo: paymentNo, tradeNo: `T${paymentNo}`, state: 'paid', amountFen, ...LOCAL_IDS.wechat, paidAt: t.clock.now(), ...over });

export async function orderFor(who: Who, amountFen = 300_00) {
  return makeOrder(t, catalog, who.member.id, { amounts: [amountFen] });
}

/** Starts paying an order online and checks the answer. */
export async function startOrder(who: Who, orderNo: string, extra: Record<string, string> = {}) {
  const res = await start(who, { purpose: 'order', order_no: orderNo, ...extra });
  expect(res.status, res.msg).toBe(200);
  return res.data;
}
