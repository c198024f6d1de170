import { randomBytes } from 'node:crypto';
import { and, eq, gte, lt, sql } from 'drizzle-orm';
import QRCode from 'qrcode';
import { formatFen, labDayEnd, labDayStart, labTime } from '@lab/contract';
import type { Db } from '../../db/client';
import { localGatewayPayments, localGatewayRefunds } from './local-gateway.tables';
import { paymentNoticeBody, refundNoticeBody, signLocalNotice, verifyLocalNotice, type LocalGatewayKeys } from './local-gateway-notices';
import type { Clock } from '../clock';
import { type BillLine, type GatewayPayment, type GatewayRefund, type PaymentProvider, type PayScene, type PayVendor } from './payment-gateway';

/**
 * The local payment gateway (the default provider, PRODUCT.md "Outside services"): a gateway of
 * our own, on our own server, so the whole online-payment flow works on a fresh machine and in
 * the e2e journeys. `create` records the payment in `local_gateway_payments` and sends the payer
 * to `/pay/gateway/<out_trade_no>` (WeChat Native: a QR of that page), a checkout page with the
 * merchant, the amount and two buttons, 模拟支付成功 / 模拟支付失败; a button marks the payment
 * and sends the notify callback to the notify URL the payment was created with, signed with
 * Ed25519 keys made at first start (`DATA_DIR/local-pay-gateway.key`, like secret.key). A refund
 * is accepted at once ('processing', as WeChat answers), then its notice is sent signed. Every
 * state is in the database: a restart or a second instance sees the same gateway.
 *
 * Notice: POST JSON `{ type: 'payment', out_trade_no, trade_no, state, amount_fen, merchant_id,
 * app_id, paid_at }` or `{ type: 'refund', out_refund_no, out_trade_no, refund_id, refund_fen,
 * state, succeeded_at }`, headers x-local-pay-timestamp, x-local-pay-nonce and
 * x-local-pay-signature: base64 Ed25519 over "timestamp\nnonce\nbody\n" (WeChat v3's message).
 */

export const LOCAL_MERCHANT_NAME = '科研检测服务商城';
export const LOCAL_IDS: Record<PayVendor, { merchantId: string; appId: string }> = {
  wechat: { merchantId: '1900000001', appId: 'wxlocal0000000001' },
  alipay: { merchantId: '2088000000000001', appId: '2021000000000001' },
};
const LOCAL_SCENES: Record<PayVendor, readonly PayScene[]> = { wechat: ['native', 'h5'], alipay: ['page', 'wap'] };
const VENDOR_NAMES: Record<PayVendor, string> = { wechat: '微信支付', alipay: '支付宝' };


/** Delivers a notice to a notify URL (the app's own route: app.ts hands it to fastify in process). */
export type NoticeSender = (url: string, headers: Record<string, string>, body: string) => Promise<{ status: number; body: string }>;

export interface LocalGatewayOptions {
  db: Db;
  clock: Clock;
  keys: LocalGatewayKeys;
  send: NoticeSender;
  /** runs a refund's notice after the refund was accepted (default: setImmediate); tests may run it at once */
  later?: (task: () => Promise<void>) => void;
  /** where a delivery failure is told */
  log?: { warn: (obj: unknown, msg: string) => void };
}

type LocalPaymentRow = typeof localGatewayPayments.$inferSelect;
type LocalRefundRow = typeof localGatewayRefunds.$inferSelect;

/** the gateway's transaction number */
const tradeNoFor = (now: Date) => `LP${now.toISOString().slice(0, 10).replaceAll('-', '')}${randomBytes(8).toString('hex')}`;

function gatewayPaymentOf(row: LocalPaymentRow, now: Date): GatewayPayment {
  const ids = LOCAL_IDS[row.vendor];
  // an unpaid payment past its time is closed by the gateway (WeChat: CLOSED after time_expire)
  const state = row.state === 'open' && row.expiresAt <= now ? 'closed' : row.state;
  return {
    outTradeNo: row.outTradeNo,
    ...(row.tradeNo ? { tradeNo: row.tradeNo } : {}),
    state,
    amountFen: Number(row.amountFen),
    merchantId: ids.merchantId,
    appId: ids.appId,
    ...(row.paidAt ? { paidAt: row.paidAt } : {}),
  };
}

const gatewayRefundOf = (row: LocalRefundRow): GatewayRefund => ({
  outRefundNo: row.outRefundNo,
  outTradeNo: row.outTradeNo,
  refundId: row.refundId,
  refundFen: Number(row.amountFen),
  state: row.state,
  ...(row.succeededAt ? { succeededAt: row.succeededAt } : {}),
});
export interface LocalGateway {
  providers: Record<PayVendor, PaymentProvider>;
  keys: LocalGatewayKeys;
  /** the checkout page of a payment; null when there is no such payment */
  page(outTradeNo: string): Promise<string | null>;
  /** a button of the page: marks the payment and sends the notice; the result page */
  simulate(outTradeNo: string, outcome: 'paid' | 'failed'): Promise<string | null>;
}

const esc = (value: string) => value.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

function pageFrame(title: string, body: string): string {
  return `<!doctype html><html lang="zh-CN"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>${esc(title)}</title><style>
body{margin:0;background:#f2f4f7;font-family:-apple-system,BlinkMacSystemFont,"PingFang SC","Microsoft YaHei",sans-serif;color:#1f2329}
.bar{background:#fff;border-bottom:1px solid #e5e6eb;padding:14px 20px;font-size:15px;display:flex;align-items:center;gap:8px}
.bar b{font-weight:600}.badge{font-size:12px;color:#86909c;border:1px solid #e5e6eb;border-radius:4px;padding:1px 6px}
.card{max-width:420px;margin:32px auto;background:#fff;border-radius:12px;box-shadow:0 2px 12px rgba(0,0,0,.06);padding:28px 24px;text-align:center}
.merchant{color:#4e5969;font-size:14px}.amount{font-size:40px;font-weight:600;margin:10px 0 4px}.desc{color:#86909c;font-size:13px;word-break:break-all}
.qr{margin:18px auto 6px;width:196px;height:196px}.qr svg{width:100%;height:100%}.hint{font-size:12px;color:#86909c}
form{margin:0}button{display:block;width:100%;font-size:16px;border-radius:8px;padding:12px;margin-top:12px;cursor:pointer;border:1px solid #d0d3d9;background:#fff;color:#1f2329}
button.ok{background:#07c160;border-color:#07c160;color:#fff}.alipay button.ok{background:#1677ff;border-color:#1677ff}
.meta{margin-top:18px;text-align:left;font-size:12px;color:#86909c;line-height:1.8;border-top:1px dashed #e5e6eb;padding-top:12px}
.state{font-size:20px;font-weight:600;margin:8px 0}.state.ok{color:#07c160}.state.bad{color:#f53f3f}
a.back{display:inline-block;margin-top:16px;color:#1677ff;text-decoration:none}
@media (max-width:460px){.card{margin:16px 12px;padding:24px 16px}}
</style></head><body>${body}</body></html>`;
}

export function localPaymentGateway(options: LocalGatewayOptions): LocalGateway {
  const { db, clock, keys, send } = options;
  const later = options.later ?? ((task) => void setImmediate(() => void task()));

  async function deliver(url: string, body: string) {
    const headers = signLocalNotice(keys, body, Math.floor(clock.now().getTime() / 1000));
    try {
      const answer = await send(url, headers, body);
      if (answer.status >= 300) options.log?.warn({ url, status: answer.status }, 'local payment gateway: notice refused');
    } catch (error) {
      options.log?.warn({ err: error, url }, 'local payment gateway: notice not delivered');
    }
  }

  const findPayment = async (outTradeNo: string) => (await db.select().from(localGatewayPayments).where(eq(localGatewayPayments.outTradeNo, outTradeNo)).limit(1))[0];

  function provider(vendor: PayVendor): PaymentProvider {
    const ids = LOCAL_IDS[vendor];
    return {
      name: 'local',
      vendor,
      merchantId: ids.merchantId,
      appId: ids.appId,
      scenes: LOCAL_SCENES[vendor],
      async create(input) {
        if (!LOCAL_SCENES[vendor].includes(input.scene)) throw new Error(`local ${vendor} gateway does not serve ${input.scene}`);
        await db
          .insert(localGatewayPayments)
          .values({
            outTradeNo: input.outTradeNo,
            vendor,
            scene: input.scene,
            amountFen: input.amountFen,
            description: input.description,
            notifyUrl: input.notifyUrl,
            returnUrl: input.returnUrl,
            expiresAt: input.expiresAt,
            createdAt: clock.now(),
          })
          .onConflictDoNothing();
        const url = new URL(`/pay/gateway/${encodeURIComponent(input.outTradeNo)}`, input.notifyUrl).toString();
        return input.scene === 'native' ? { kind: 'qr', codeUrl: url } : { kind: 'redirect', url };
      },
      async query(outTradeNo) {
        const row = await findPayment(outTradeNo);
        return row && row.vendor === vendor ? gatewayPaymentOf(row, clock.now()) : null;
      },
      async close(outTradeNo) {
        await db
          .update(localGatewayPayments)
          .set({ state: 'closed' })
          .where(and(eq(localGatewayPayments.outTradeNo, outTradeNo), eq(localGatewayPayments.state, 'open')));
      },
      async refund(input) {
        const now = clock.now();
        const refund = await db.transaction(async (tx) => {
          const [payment] = await tx.select().from(localGatewayPayments).where(eq(localGatewayPayments.outTradeNo, input.outTradeNo)).for('update');
          if (!payment || payment.state !== 'paid') throw new Error(`local gateway: ${input.outTradeNo} is not paid`);
          const [before] = await tx.select().from(localGatewayRefunds).where(eq(localGatewayRefunds.outRefundNo, input.outRefundNo)).limit(1);
          if (before) return before;
          const [refunded] = await tx
            .select({ sum: sql<string>`coalesce(sum(${localGatewayRefunds.amountFen}), 0)` })
            .from(localGatewayRefunds)
            .where(eq(localGatewayRefunds.outTradeNo, input.outTradeNo));
          if (Number(refunded?.sum ?? 0) + input.refundFen > Number(payment.amountFen)) throw new Error('local gateway: refund exceeds the payment');
          const [row] = await tx
            .insert(localGatewayRefunds)
            .values({ outRefundNo: input.outRefundNo, outTradeNo: input.outTradeNo, refundId: `50${randomBytes(10).toString('hex')}`, amountFen: input.refundFen, state: 'success', succeededAt: now, createdAt: now })
            .returning();
          return row!;
        });
        // accepted now, the money "arrives" at once: its notice follows, as WeChat's does
        later(() => deliver(input.notifyUrl, refundNoticeBody(gatewayRefundOf(refund))));
        return { ...gatewayRefundOf(refund), state: 'processing' };
      },
      async queryRefund(outRefundNo) {
        const [row] = await db.select().from(localGatewayRefunds).where(eq(localGatewayRefunds.outRefundNo, outRefundNo)).limit(1);
        return row ? gatewayRefundOf(row) : null;
      },
      async verifyNotify(request) {
        return verifyLocalNotice(keys.publicKey, request);
      },
      notifyAnswer(ok) {
        return { status: ok ? 200 : 500, contentType: 'application/json; charset=utf-8', body: JSON.stringify(ok ? { code: 'SUCCESS' } : { code: 'FAIL', message: '处理失败' }) };
      },
      async downloadBill(day) {
        const from = labDayStart(day);
        const to = labDayEnd(day);
        const paid = await db
          .select()
          .from(localGatewayPayments)
          .where(and(eq(localGatewayPayments.vendor, vendor), eq(localGatewayPayments.state, 'paid'), gte(localGatewayPayments.paidAt, from), lt(localGatewayPayments.paidAt, to)));
        const refunds = await db
          .select({ r: localGatewayRefunds, tradeNo: localGatewayPayments.tradeNo })
          .from(localGatewayRefunds)
          .innerJoin(localGatewayPayments, eq(localGatewayPayments.outTradeNo, localGatewayRefunds.outTradeNo))
          .where(and(eq(localGatewayPayments.vendor, vendor), gte(localGatewayRefunds.succeededAt, from), lt(localGatewayRefunds.succeededAt, to)));
        const lines: BillLine[] = [
          ...paid.map((p) => ({ kind: 'payment' as const, outTradeNo: p.outTradeNo, tradeNo: p.tradeNo ?? '', amountFen: Number(p.amountFen), at: p.paidAt! })),
          ...refunds.map(({ r, tradeNo }) => ({ kind: 'refund' as const, outTradeNo: r.outTradeNo, tradeNo: tradeNo ?? '', outRefundNo: r.outRefundNo, amountFen: Number(r.amountFen), at: r.succeededAt! })),
        ];
        return lines.sort((a, b) => a.at.getTime() - b.at.getTime());
      },
    };
  }

  return {
    providers: { wechat: provider('wechat'), alipay: provider('alipay') },
    keys,
    async page(outTradeNo) {
      const row = await findPayment(outTradeNo);
      if (!row) return null;
      const now = clock.now();
      const vendorName = VENDOR_NAMES[row.vendor];
      const payment = gatewayPaymentOf(row, now);
      const pageUrl = new URL(`/pay/gateway/${encodeURIComponent(row.outTradeNo)}`, row.notifyUrl).toString();
      const qr = row.scene === 'native' && payment.state === 'open' ? `<div class="qr" aria-label="支付二维码">${await QRCode.toString(pageUrl, { type: 'svg', margin: 1 })}</div><div class="hint">请使用${vendorName}扫一扫（本地模拟网关：用手机打开此二维码也可完成支付）</div>` : '';
      const actions =
        payment.state === 'open'
          ? `<form method="post" action="/pay/gateway/${esc(encodeURIComponent(row.outTradeNo))}/paid"><button class="ok" type="submit">模拟支付成功</button></form>
<form method="post" action="/pay/gateway/${esc(encodeURIComponent(row.outTradeNo))}/failed"><button type="submit">模拟支付失败</button></form>`
          : `<div class="state ${payment.state === 'paid' ? 'ok' : 'bad'}">${{ paid: '支付成功', closed: '支付已关闭', failed: '支付失败', open: '' }[payment.state]}</div><a class="back" href="${esc(row.returnUrl)}">返回商户</a>`;
      return pageFrame(
        `${vendorName}收银台`,
        `<div class="bar"><b>${vendorName}</b> 收银台 <span class="badge">本地模拟网关</span></div>
<div class="card ${row.vendor}"><div class="merchant">${esc(LOCAL_MERCHANT_NAME)}</div>
<div class="amount">${esc(formatFen(Number(row.amountFen)))}</div><div class="desc">${esc(row.description)}</div>
${qr}${actions}
<div class="meta">商户订单号：${esc(row.outTradeNo)}<br>支付方式：${vendorName}<br>有效期至：${esc(labTime(row.expiresAt))}</div></div>`,
      );
    },
    async simulate(outTradeNo, outcome) {
      const now = clock.now();
      const [row] = await db
        .update(localGatewayPayments)
        .set(outcome === 'paid' ? { state: 'paid', paidAt: now, tradeNo: tradeNoFor(now) } : { state: 'failed' })
        .where(and(eq(localGatewayPayments.outTradeNo, outTradeNo), eq(localGatewayPayments.state, 'open'), sql`${localGatewayPayments.expiresAt} > ${now.toISOString()}::timestamptz`))
        .returning();
      // the failure is told too: the shop keeps the payment open (the payer may try again) until it expires
      if (row) await deliver(row.notifyUrl, paymentNoticeBody(gatewayPaymentOf(row, now)));
      return this.page(outTradeNo);
    },
  };
}

