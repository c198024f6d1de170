import type { Tx } from '../../db/client';
import type { OrderRow } from './order-core';
import type { Actor } from '../../platform/actor';

/**
 * Where the money of a paid order goes back when it is cancelled (PRODUCT.md "a refund goes
 * back to the channel it came from"). Ordering refunds the whole paid amount to the prepaid
 * account it was paid from (cancel-core.ts refundOrder); a higher module that took part of it
 * from a payment channel (51-payment: WeChat Pay, Alipay) registers a handler here at app start
 * (src/area-hooks.ts) instead of ordering importing it. The handler runs inside the cancel's
 * transaction, right after the refund to the funds: it records its channel refunds and books
 * their part back out of the funds (so the funds keep only what the funds paid), and answers
 * what it sent where, for the order's timeline. It must be idempotent per order.
 */
export interface ChannelRefund {
  /** the channel's name as the member reads it (微信支付, 支付宝) */
  channel: string;
  amountFen: number;
}

export type RefundChannelHandler = (tx: Tx, order: OrderRow, context: { actor: Actor; now: Date }) => Promise<ChannelRefund[]>;

const handlers: RefundChannelHandler[] = [];

/** Adds a handler once (registering twice is a no-op). */
export function onRefundToChannel(handler: RefundChannelHandler): void {
  if (!handlers.includes(handler)) handlers.push(handler);
}

/** Runs every handler for a refunded order; what went back to channels. */
export async function refundToChannels(tx: Tx, order: OrderRow, context: Parameters<RefundChannelHandler>[2]): Promise<ChannelRefund[]> {
  const sent: ChannelRefund[] = [];
  for (const handle of handlers) sent.push(...(await handle(tx, order, context)));
  return sent;
}
