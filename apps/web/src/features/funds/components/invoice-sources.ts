import { formatFen, type InvoiceApplication } from '@lab/contract';

/** What an invoice covers: a confirmed transfer top-up, an online top-up (支付单号) or an order paid online (its online part). */
export type InvoiceSourceKind = InvoiceApplication['items'][number]['kind'];

/** The application form holds the money chosen as one list of `kind:ref` values. */
export const sourceValue = (kind: InvoiceSourceKind, ref: string) => `${kind}:${ref}`;

/** The chosen `kind:ref` values as the call's three lists. */
export function sourcesBody(values: readonly string[]) {
  const refs = (kind: InvoiceSourceKind) => values.filter((v) => v.startsWith(`${kind}:`)).map((v) => v.slice(kind.length + 1));
  return { prestore_rids: refs('prestore'), order_nos: refs('order'), payment_nos: refs('online') };
}

/** What an application still covers: a refunded item (its order cancelled) left it. */
export const liveItems = (application: InvoiceApplication) => application.items.filter((i) => !i.refunded);

/** One line per covered item: 预存充值 ¥100.00 / 在线充值 P… ¥100.00 / 订单 LAB…（在线支付部分）¥80.00 (…已退款) */
export function itemText(item: InvoiceApplication['items'][number]) {
  const refunded = item.refunded ? '（已退款）' : '';
  if (item.kind === 'prestore') return `预存充值 ${formatFen(item.amountFen)}${refunded}`;
  if (item.kind === 'online') return `在线充值 ${item.ref} ${formatFen(item.amountFen)}${refunded}`;
  return `订单 ${item.ref}（在线支付部分）${formatFen(item.amountFen)}${refunded}`;
}
