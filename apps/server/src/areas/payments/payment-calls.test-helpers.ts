import { afterAll, beforeAll } from 'vitest';
import type { OrderSummary, ReadyToPay } from '@lab/contract';
import { call, createTestContext, type TestContext } from '../../../test/harness';
import { paymentCatalog, type PaymentCatalog, type Who } from './payment.test-helpers';

/* The context and calls of the order payment tests (payment.test.ts, payment-ready.test.ts). */

export let t: TestContext;
export let catalog: PaymentCatalog;

/** a test database for the file, with the payment catalog */
export function usePaymentContext(): void {
  beforeAll(async () => {
    t = await createTestContext({ now: '2026-11-20T04:00:00Z' });
    catalog = await paymentCatalog(t.db);
  });
  afterAll(() => t.close());
}

export const post = <T>(url: string, who: Who | undefined, form: Record<string, string | number | undefined> = {}) =>
  call<T>(t.app, 'POST', url, { ...(who ? { token: who.token } : {}), form });
export const pay = (who: Who, form: Record<string, string | undefined>) => post<OrderSummary>('/api/auth/order/pay', who, form);
export const ready = (who: Who, orderNo: string) => post<ReadyToPay>('/api/auth/order/ready2pay', who, { order_no: orderNo });
export const payLater = (who: Who, orderNo: string) => post<OrderSummary>('/api/auth/order/payLater', who, { order_no: orderNo });
