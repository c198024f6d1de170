import { payment } from '../../payments/api/payment';

export interface PayRequest {
  order_no: string;
  /** absent: my own funds; otherwise a community I own */
  community_rid?: string;
  coupon_rid?: string;
}

/** From my funds or a community I own, with an optional coupon. */
export const payOrder = (body: PayRequest) =>
  payment.pay({
    order_no: body.order_no,
    ...(body.community_rid ? { community_rid: body.community_rid } : {}),
    ...(body.coupon_rid ? { coupon_rid: body.coupon_rid } : {}),
  });
