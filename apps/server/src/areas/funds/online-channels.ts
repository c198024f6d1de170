import type { LedgerEntry } from '@lab/contract';
import type { DbOrTx } from '../../db/client';

/**
 * Online money in the ledger views and exports (docs/payments.md "What finance reconciles"):
 * an `online_pay` entry (reference pay:<payment no>) and an `online_refund` entry (refund:<refund
 * no>) read with their channel, 在线支付（微信支付） / 原路退款（支付宝）. The payments (above funds)
 * know the channels: they register a namer here at app start (src/area-hooks.ts).
 */
const PAY_PREFIX = 'pay:';
const REFUND_PREFIX = 'refund:';

/** The channel's name (微信支付, 支付宝) of each payment and refund number it knows, keyed `pay:<no>` / `refund:<no>`. */
export type ChannelNamer = (db: DbOrTx, numbers: { paymentNos: string[]; refundNos: string[] }) => Promise<Map<string, string>>;

const namers: ChannelNamer[] = [];

/** Adds a namer once (registering twice is a no-op). */
export function onLedgerChannels(namer: ChannelNamer): void {
  if (!namers.includes(namer)) namers.push(namer);
}

export async function withChannels<E extends Pick<LedgerEntry, 'type' | 'typeText' | 'reference'>>(db: DbOrTx, entries: E[]): Promise<E[]> {
  const paymentNos = [...new Set(entries.filter((e) => e.type === 'online_pay' && e.reference.startsWith(PAY_PREFIX)).map((e) => e.reference.slice(PAY_PREFIX.length)))];
  const refundNos = [...new Set(entries.filter((e) => e.type === 'online_refund' && e.reference.startsWith(REFUND_PREFIX)).map((e) => e.reference.slice(REFUND_PREFIX.length)))];
  if (!paymentNos.length && !refundNos.length) return entries;
  const names = new Map<string, string>();
  for (const name of namers) for (const [key, channel] of await name(db, { paymentNos, refundNos })) names.set(key, channel);
  return entries.map((e) => {
    const channel = (e.type === 'online_pay' || e.type === 'online_refund') && names.get(e.reference);
    return channel ? { ...e, typeText: `${e.typeText}（${channel}）` } : e;
  });
}
