import { calls } from '@lab/contract/calls';
import type { FastifyRequest } from 'fastify';
import { labDay, type AdminOnlineRefundNoBody, type AdminReconcileResolveBody, type AdminReconcileRunBody } from '@lab/contract';
import type { PayVendor } from '../../platform/providers/payment-gateway';
import { serve } from '../../platform/calls';
import { audit } from '../../platform/audit';
import { siteOrigin } from './online-pay.routes';
import { adminListPayments, adminListRefunds, adminPaymentDetail, askRefund, onlineRefundAudit, paymentsForExport, recordRefundAnswer, refundsForExport, type RefundAnswer } from './payments-admin.service';
import { paymentsXlsx, refundsXlsx } from './payments-export';
import { assertDayOver, fetchBill, rerunDay, rerunVendors, type FetchedBill } from './reconcile.service';
import { listRuns, reconcileDayAudit, reconcileLineAudit, resolveLine, runDetail } from './reconcile-views.service';
import { sendXlsx } from '../../platform/xlsx';

const readOnly = { config: { readOnly: true } } as const;

/** what a call's beforeTransaction learned from the gateway, for its handler */
const bills = new WeakMap<FastifyRequest, Map<PayVendor, FetchedBill>>();
const refundAnswers = new WeakMap<FastifyRequest, RefundAnswer>();
function taken<T>(map: WeakMap<FastifyRequest, T>, request: FastifyRequest): T {
  const value = map.get(request);
  if (value === undefined) throw new Error(`${request.routeOptions.url}: beforeTransaction did not run`);
  map.delete(request);
  return value;
}
/** the date in export file names: 20260315 */
const fileDay = (now: Date) => labDay(now).replace(/-/g, '');

/** 财务管理 → 在线支付, 退款记录, 对账: the calls of contract/calls/admin-payments.ts. */
export const paymentsAdminRoutes = serve(calls.adminPayments, {
  list: { ...readOnly, handler: ({ db, body, now }) => adminListPayments(db, body, now) },
  detail: { ...readOnly, handler: ({ db, body }) => adminPaymentDetail(db, body.payment_no) },
  export: {
    ...readOnly,
    handler: async ({ db, query, reply, now }) => sendXlsx(reply, await paymentsXlsx(await paymentsForExport(db, query)), `online-payments-${fileDay(now)}`, `在线支付-${fileDay(now)}`),
  },
  refundList: { ...readOnly, handler: ({ db, body }) => adminListRefunds(db, body) },
  refundExport: {
    ...readOnly,
    handler: async ({ db, query, reply, now }) => sendXlsx(reply, await refundsXlsx(await refundsForExport(db, query)), `online-refunds-${fileDay(now)}`, `退款记录-${fileDay(now)}`),
  },
  refundQuery: {
    config: {
      audit: audit<{ refund_no: string }>(onlineRefundAudit, 'payments.refund.query', '查询退款结果', (body) => body.refund_no),
      // the gateway is asked before the transaction opens; the handler records its answer
      beforeTransaction: async (request) => {
        const { deps } = request.server;
        const body = request.body as AdminOnlineRefundNoBody;
        refundAnswers.set(request, await askRefund(deps.db, deps.payments, siteOrigin(deps), body.refund_no));
      },
    },
    handler: ({ db, now, request }) => recordRefundAnswer(db, taken(refundAnswers, request), now),
  },
  reconcileList: { ...readOnly, handler: ({ db, body, now }) => listRuns(db, body, now) },
  reconcileDetail: { ...readOnly, handler: ({ db, body }) => runDetail(db, body.id) },
  reconcileRun: {
    config: {
      audit: audit<AdminReconcileRunBody>(reconcileDayAudit, 'payments.reconcile.run', '重新对账', (body) => body.day),
      // the bills are downloaded before the transaction opens; the handler replaces the day in it
      beforeTransaction: async (request) => {
        const { deps } = request.server;
        const body = request.body as AdminReconcileRunBody;
        assertDayOver(body.day, deps.clock.now());
        const fetched = new Map<PayVendor, FetchedBill>();
        for (const vendor of rerunVendors(deps.payments, body.vendor)) fetched.set(vendor, await fetchBill(deps.payments, vendor, body.day));
        bills.set(request, fetched);
      },
    },
    handler: ({ db, staff, body, now, deps, request }) => rerunDay(db, deps.payments, staff.id, body.day, taken(bills, request), now),
  },
  reconcileResolve: {
    config: { audit: audit<AdminReconcileResolveBody>(reconcileLineAudit, 'payments.reconcile.resolve', '处理对账差异', (body) => body.id) },
    handler: ({ db, staff, body, now }) => resolveLine(db, staff.id, body, now),
  },
});
