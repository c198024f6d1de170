import type { OrderSummary } from '@lab/contract';
import { apiPost } from '../../../lib/api';

export interface PayRequest {
  order_no: string;
  /** absent: my own funds; otherwise a community I own */
  community_rid?: string;
  coupon_rid?: string;
}

/** POST /api/auth/order/pay (payBody): from my funds or a community I own, with an optional coupon. */
export const payOrder = (body: PayRequest) =>
  apiPost<OrderSummary>('/api/auth/order/pay', {
    order_no: body.order_no,
    ...(body.community_rid ? { community_rid: body.community_rid } : {}),
    ...(body.coupon_rid ? { coupon_rid: body.coupon_rid } : {}),
  });
