import { useQueryClient } from '@tanstack/react-query';
import { isApprovalFiled, type AdminOrderDetail, type ApprovalFiled } from '@lab/contract';
import { adminOrderDesk } from './admin-order-desk';
import { adminOrders } from './admin-orders';
import { orderKeys } from './keys';
import { useApiMutation } from '../../../lib/use-api-mutation';

/** The lifecycle steps and the desk's notes: each answers the order as it is now. */
export type OrderStep = 'confirm' | 'receive' | 'test' | 'deliver' | 'complete' | 'retest';

/**
 * POST /api/admin/orders/<step> — confirm | receive (a scanned number or sample code) | test | deliver | complete | retest.
 * `confirmFirst` with receive: 确认并收样, an order still 待确认 confirmed and received in one step.
 */
export const moveOrder = (step: OrderStep, orderNo: string, note?: string, confirmFirst = false) =>
  adminOrders[step]({ order_no: orderNo, ...(note ? { note } : {}), ...(confirmFirst ? { confirm: true } : {}) });

/**
 * POST /api/admin/orders/cancel — with the reason the member is told; a paid order is refunded,
 * or, above the person's refund limit, the cancellation is filed for approval and the order stays.
 * `refundFen` is the refund the desk showed (what the order has paid, 0 when not paid): the
 * server cancels only while it still is.
 */
export const cancelOrder = (orderNo: string, reason: string, refundFen: number) =>
  adminOrders.cancel({ order_no: orderNo, reason, refund_fen: refundFen });

/** What cancelling this order refunds, as the desk shows it. */
export const refundOnCancel = (detail: Pick<AdminOrderDetail, 'payment' | 'paidFen'>) => (detail.payment === 'paid' ? detail.paidFen : 0);

/** POST /api/admin/orders/call — 记录回访 (sales). */
export const recordCall = (orderNo: string, note: string) => adminOrderDesk.call({ order_no: orderNo, note });

/** POST /api/admin/orders/notify — 重发数据通知. */
export const resendNotice = (orderNo: string) => adminOrderDesk.notify({ order_no: orderNo });

/**
 * A change to an order: the answer replaces the cached detail at once (under the order number
 * it answers with, which is also what the detail page reads), and every order list refreshes.
 */
export function useOrderChange<A, R extends AdminOrderDetail | ApprovalFiled = AdminOrderDetail>(run: (args: A) => Promise<R>) {
  const client = useQueryClient();
  return useApiMutation({
    mutationFn: run,
    onSuccess: (detail) => {
      // filed for approval: the order is as it was
      if (isApprovalFiled(detail)) return;
      client.setQueryData(orderKeys.detail(detail.orderNo), detail);
      void client.invalidateQueries({ queryKey: orderKeys.all, predicate: (query) => query.queryKey[3] !== detail.orderNo });
    },
  });
}
