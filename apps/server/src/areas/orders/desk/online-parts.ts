import type { DbOrTx } from '../../../db/client';

/**
 * The online part of an order's payment, by channel, for the desk's order view (issue 31: an
 * order paid by 微信支付 read "已付 · 本人预存款"). Online money passes through the member's
 * prepaid funds on its way to the order, so `paidFromKind` alone cannot tell the channel; the
 * payments (above orders) know it and register a reader here at app start (src/area-hooks.ts).
 */
export interface OnlinePart {
  /** 微信支付, 支付宝 */
  channel: string;
  amountFen: number;
  paidAt: Date | null;
  paymentNo: string;
}
export type OnlinePartsReader = (db: DbOrTx, orderId: number) => Promise<OnlinePart[]>;

const readers: OnlinePartsReader[] = [];

/** Adds a reader once (registering twice is a no-op). */
export function onOrderOnlineParts(reader: OnlinePartsReader): void {
  if (!readers.includes(reader)) readers.push(reader);
}

export async function orderOnlineParts(db: DbOrTx, orderId: number): Promise<OnlinePart[]> {
  const parts: OnlinePart[] = [];
  for (const read of readers) parts.push(...(await read(db, orderId)));
  return parts;
}
