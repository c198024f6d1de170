import { calls } from '@lab/contract/calls';
import { labDay, type AdminReconcileResolveBody, type AdminReconcileRunBody } from '@lab/contract';
import { serve } from '../../platform/calls';
import { audit } from '../../platform/audit';
import { sendXlsx } from '../35-funds/admin-export';
import { siteOrigin } from '../51-payment/online-pay.routes';
import { adminListPayments, adminListRefunds, adminPaymentDetail, onlineRefundAudit, paymentsForExport, queryRefundNow, refundsForExport } from '../51-payment/payments-admin.service';
import { paymentsXlsx, refundsXlsx } from '../51-payment/payments-export';
import { listRuns, reconcileDayAudit, reconcileLineAudit, rerunDay, resolveLine, runDetail } from '../51-payment/reconcile.service';

const readOnly = { config: { readOnly: true } } as const;
/** the date in export file names: 20260315 */
const fileDay = (now: Date) => labDay(now).replace(/-/g, '');

/** 财务管理 → 在线支付, 退款记录, 对账: the calls of contract/calls/admin-payments.ts. */
export const paymentsAdminRoutes = serve(calls.adminPayments, {
  list: { ...readOnly, handler: ({ db, body }) => adminListPayments(db, body) },
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
    config: { audit: audit<{ refund_no: string }>(onlineRefundAudit, 'payments.refund.query', '查询退款结果', (body) => body.refund_no) },
    handler: ({ db, body, now, deps, request }) => queryRefundNow(db, deps.payments, siteOrigin(deps, request), body.refund_no, now),
  },
  reconcileList: { ...readOnly, handler: ({ db, body, now }) => listRuns(db, body, now) },
  reconcileDetail: { ...readOnly, handler: ({ db, body }) => runDetail(db, body.id) },
  reconcileRun: {
    config: { audit: audit<AdminReconcileRunBody>(reconcileDayAudit, 'payments.reconcile.run', '重新对账', (body) => body.day) },
    handler: ({ db, staff, body, now, deps }) => rerunDay(db, deps.payments, staff.id, body, now),
  },
  reconcileResolve: {
    config: { audit: audit<AdminReconcileResolveBody>(reconcileLineAudit, 'payments.reconcile.resolve', '处理对账差异', (body) => body.id) },
    handler: ({ db, staff, body, now }) => resolveLine(db, staff.id, body, now),
  },
});
