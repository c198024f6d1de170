import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { AdminReconcileListBody, AdminReconcileRunBody } from '@lab/contract';
import type { TableQuery } from '../../../components/admin/use-server-table';
import { adminPayments } from './admin-payments';
import { financeKeys } from '../../admin-funds/api/keys';

/** The table's filters without its page (the server checks the text). */
function filtersOf<Q>({ page: _page, pageSize: _pageSize, ...filters }: TableQuery): Q {
  return filters as Q;
}

/** POST /api/admin/payments/list — 在线支付 (the sort and filters are the URL's text; the server checks them) */
export const onlinePaymentsQueryOptions = (query: TableQuery) =>
  queryOptions({ queryKey: financeKeys.onlinePayments(query), queryFn: () => adminPayments.list(query as Parameters<typeof adminPayments.list>[0]), placeholderData: keepPreviousData });
export const useOnlinePayments = (query: TableQuery) => useQuery(onlinePaymentsQueryOptions(query));

/** POST /api/admin/payments/detail — a payment with its refunds and ledger entries */
export const useOnlinePayment = (paymentNo: string | null) =>
  useQuery({ queryKey: financeKeys.onlinePayment(paymentNo ?? ''), queryFn: () => adminPayments.detail({ payment_no: paymentNo ?? '' }), enabled: Boolean(paymentNo) });

/** POST /api/admin/payments/refund/list — 退款记录 */
export const useOnlineRefunds = (query: TableQuery) =>
  useQuery({ queryKey: financeKeys.onlineRefunds(query), queryFn: () => adminPayments.refundList(query as Parameters<typeof adminPayments.refundList>[0]), placeholderData: keepPreviousData });

/** POST /api/admin/payments/refund/query — a refund still processing, sent or asked about now */
export const queryRefund = (refundNo: string) => adminPayments.refundQuery({ refund_no: refundNo });

/** GET /api/admin/payments/export, refund/export — what the table shows */
export const exportOnlinePayments = (query: TableQuery) => adminPayments.export(filtersOf(query), '在线支付.xlsx');
export const exportOnlineRefunds = (query: TableQuery) => adminPayments.refundExport(filtersOf(query), '退款记录.xlsx');

/** POST /api/admin/payments/reconcile/list — the runs of a day range */
export const useReconcileRuns = (query: AdminReconcileListBody) =>
  useQuery({ queryKey: financeKeys.reconcileRuns(query), queryFn: () => adminPayments.reconcileList(query), placeholderData: keepPreviousData });

/** POST /api/admin/payments/reconcile/detail — a run's totals and its differences */
export const useReconcileRun = (id: number | null) => useQuery({ queryKey: financeKeys.reconcileRun(id ?? 0), queryFn: () => adminPayments.reconcileDetail({ id: id ?? 0 }), enabled: id !== null });

/** POST /api/admin/payments/reconcile/run — the day again (its bill downloaded now) */
export const rerunReconcile = (body: AdminReconcileRunBody) => adminPayments.reconcileRun(body);

/** POST /api/admin/payments/reconcile/resolve — a difference handled, with the note */
export const resolveDifference = ({ id, note }: { id: number; note: string }) => adminPayments.reconcileResolve({ id, note });
