import type { Tx } from '../../db/client';
import type { OrderRow } from '../orders';

/**
 * What lower areas do once an online payment of orders is booked as paid, inside the booking's
 * transaction (after the payment row reads paid, so the orders' online part is readable): the
 * funds request the invoice chosen at checkout (funds checkout-invoices.ts, decision 0059). The
 * funds' face stays as it is: src/area-hooks.ts registers the handler here.
 */
export type OrdersPaidOnlineHandler = (tx: Tx, paid: OrderRow[], now: Date) => Promise<void>;

const handlers: OrdersPaidOnlineHandler[] = [];

/** Adds a handler once (registering twice is a no-op). */
export function onOrdersPaidOnline(handler: OrdersPaidOnlineHandler): void {
  if (!handlers.includes(handler)) handlers.push(handler);
}

export async function ordersPaidOnline(tx: Tx, paid: OrderRow[], now: Date): Promise<void> {
  if (!paid.length) return;
  for (const handle of handlers) await handle(tx, paid, now);
}
