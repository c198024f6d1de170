import { booked, onApproved } from '../approvals';
import { cancelByStaff, notifyCancelled } from './desk/staff-cancel.service';
import { registerQuoteApprovals } from './approved-quote';

/**
 * How an approved cancellation (a refund over the maker's limit) is booked
 * (approvals/approval-hooks.ts): the SMS and e-mail go out after the commit. src/area-hooks.ts calls this.
 */
export function registerOrdersApprovals(): void {
  onApproved('order.cancel', async ({ db, tx, channels, acting, payload, now }) => {
    const body = { order_no: String(payload.order_no), reason: String(payload.reason), refund_fen: Number(payload.refund_fen) };
    const order = booked(await cancelByStaff(tx, acting, body, now));
    return { key: order.orderNo, afterCommit: () => notifyCancelled(db, channels, order, body.reason) };
  });
  registerQuoteApprovals();
}
