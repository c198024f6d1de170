import { payment } from '../../payments/api/payment';

export interface PayRequest {
  order_no: string;
  /** absent: my own funds; otherwise a community I own */
  community_rid?: string;
  coupon_rid?: string;
  /** a grant card (经费卡) of a community I belong to: within my allowance it pays at once, above it the PI approves */
  card_rid?: string;
  /** 课题号 written on the order */
  project_no?: string;
}

/** From my funds or a community I own, with an optional coupon. */
export const payOrder = (body: PayRequest) =>
  payment.pay({
    order_no: body.order_no,
    ...(body.community_rid ? { community_rid: body.community_rid } : {}),
    ...(body.coupon_rid ? { coupon_rid: body.coupon_rid } : {}),
    ...(body.card_rid ? { card_rid: body.card_rid } : {}),
    ...(body.project_no ? { project_no: body.project_no } : {}),
  });
