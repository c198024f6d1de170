import http, { type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { makeAlipayPeerKeys, sign } from './alipay-peer-keys';
import { alipayMethods, cashierPage, checkRequest, invalid, noticeBody, type Biz, type Result } from './alipay-peer-methods';
import { billZip, createAlipayPeerState, type NoticeTamper, type PeerTrade } from './alipay-peer-state';

export type { NoticeTamper, PeerCall, PeerRefund, PeerTrade } from './alipay-peer-state';

/**
 * A local Alipay for the tests: a real HTTP server speaking the OpenAPI v2 gateway (gateway.do)
 * as Alipay documents it, written from the documentation and independent of the provider's code.
 *
 * - Every request's RSA2 signature is checked with the app's public key: all parameters but
 *   `sign` and the empty ones, sorted by name, `name=value` joined by `&`, SHA256withRSA. A
 *   request that does not verify is answered isv.invalid-signature (API) or an error page (cashier).
 * - Answers are `{"<method>_response":{…},"sign":"…"}`, the sign over the response node's exact
 *   text with Alipay's private key (answerSigning switches to a stranger's key or none).
 * - alipay.trade.page.pay / wap.pay: a GET of the pay URL shows the cashier page and opens the
 *   trade (WAIT_BUYER_PAY), as Alipay opens it when the payer arrives; `pay` is the payer paying.
 * - alipay.trade.query, .close, .refund (at once, fund_change), .fastpay.refund.query, and
 *   alipay.data.dataservice.bill.downloadurl.query, whose link serves the day's bill as Alipay
 *   does: a zip of GBK CSV files (业务明细 and its 汇总).
 * - Notifies: form-encoded, signed over every parameter but sign and sign_type; with helpers for
 *   a stranger's signature, another app_id, and an amount changed after signing.
 *
 * Trades and refunds live in memory. Keys are made at start (RSA 2048): the app's pair (its
 * private key goes to the provider, as PKCS#1 PEM like Alipay's key tool's RSA2 output) and Alipay's.
 * The pieces: alipay-peer-keys.ts (keys, signatures), alipay-peer-state.ts (shapes, state, units,
 * the bill), alipay-peer-methods.ts (the gateway's methods, the cashier, the notify body).
 */

async function readBody(request: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

export async function startAlipayPeer(options: { appId?: string; sellerId?: string } = {}) {
  const appId = options.appId ?? '2021000000000001';
  const sellerId = options.sellerId ?? '2088000000000001';
  const keys = makeAlipayPeerKeys();
  const { app, alipay, stranger } = keys;
  const state = createAlipayPeerState();
  const { trades, refunds, calls, billTokens, noticeAnswers } = state;

  const peer = {
    appId,
    sellerId,
    /** the app's private key for the provider (PKCS#1 PEM) and Alipay's public key (SPKI PEM) */
    appPrivateKeyPem: app.privateKey.export({ format: 'pem', type: 'pkcs1' }).toString(),
    appPrivateKeyPkcs8Pem: app.privateKey.export({ format: 'pem', type: 'pkcs8' }).toString(),
    alipayPublicKeyPem: alipay.publicKey.export({ format: 'pem', type: 'spki' }).toString(),
    gateway: '',
    origin: '',
    trades,
    refunds,
    calls,
    noticeAnswers,
    /** who signs the gateway's answers: Alipay (as it should), a stranger's key, or nobody */
    answerSigning: 'alipay' as 'alipay' | 'stranger' | 'none',

    /** the payer pays an open trade */
    pay(outTradeNo: string, at = new Date()): PeerTrade {
      const trade = trades.get(outTradeNo);
      if (trade?.status !== 'WAIT_BUYER_PAY') throw new Error(`peer: trade ${outTradeNo} is not open`);
      trade.status = 'TRADE_SUCCESS';
      trade.paidAt = at;
      return trade;
    },

    /** the trade past its refund period (TRADE_FINISHED) */
    finish(outTradeNo: string) {
      const trade = trades.get(outTradeNo);
      if (!trade) throw new Error(`peer: no trade ${outTradeNo}`);
      trade.status = 'TRADE_FINISHED';
    },

    /** the form body Alipay would POST for this trade (or one of its refunds), signed, optionally spoiled */
    notice(outTradeNo: string, spoil: { tamper?: NoticeTamper; refund?: string } = {}): string {
      return noticeBody(state, keys, { appId, sellerId }, outTradeNo, spoil);
    },

    /** POST a notice to a URL as Alipay does; the answer is recorded */
    async sendNotice(url: string, body: string): Promise<{ status: number; body: string }> {
      const response = await fetch(url, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded; charset=utf-8' }, body });
      const answer = { status: response.status, body: await response.text() };
      noticeAnswers.push({ url, ...answer });
      return answer;
    },

    /** notify the trade's notify_url of its state (or of a refund) */
    notify(outTradeNo: string, spoil: { tamper?: NoticeTamper; refund?: string } = {}) {
      const url = trades.get(outTradeNo)?.notifyUrl;
      if (!url) throw new Error(`peer: trade ${outTradeNo} has no notify_url`);
      return peer.sendNotice(url, peer.notice(outTradeNo, spoil));
    },

    /** the payer's browser opening the pay URL the provider made */
    async openCashier(url: string): Promise<{ status: number; body: string }> {
      const response = await fetch(url);
      return { status: response.status, body: await response.text() };
    },

    /** the trade bill (业务明细) of a day, as Alipay's download serves it */
    async billZip(day: string): Promise<Buffer> {
      return billZip(state, sellerId, day);
    },

    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };

  function answerJson(reply: ServerResponse, method: string, result: Result) {
    const key = `${method.replaceAll('.', '_')}_response`;
    const node = JSON.stringify(result);
    const signer = peer.answerSigning === 'stranger' ? stranger.privateKey : alipay.privateKey;
    const signature = peer.answerSigning === 'none' ? '' : `,"sign":"${sign(node, signer)}"`;
    reply.writeHead(200, { 'content-type': 'application/json;charset=utf-8' }).end(`{"${key}":${node}${signature}}`);
  }

  function cashier(reply: ServerResponse, method: string, params: URLSearchParams, biz: Biz) {
    const { status, title, body } = cashierPage(state, method, params, biz);
    reply
      .writeHead(status, { 'content-type': 'text/html; charset=utf-8' })
      .end(`<!doctype html><html lang="zh-CN"><head><meta charset="utf-8"><title>${title}</title></head><body><h1>${title}</h1>${body}</body></html>`);
  }

  async function handle(request: IncomingMessage, reply: ServerResponse) {
    const url = new URL(request.url ?? '/', peer.origin);
    if (request.method === 'GET' && url.pathname === '/downloadBillFile.resource') {
      const day = billTokens.get(url.searchParams.get('token') ?? '');
      if (!day) return reply.writeHead(404).end('no such bill');
      const zip = await peer.billZip(day);
      return reply.writeHead(200, { 'content-type': 'application/zip', 'content-disposition': `attachment; filename="${day.replaceAll('-', '')}.csv.zip"` }).end(zip);
    }
    if (url.pathname !== '/gateway.do') return reply.writeHead(404).end();
    const params = new URLSearchParams(url.search);
    if (request.method === 'POST') for (const [name, value] of new URLSearchParams(await readBody(request))) params.append(name, value);
    const method = params.get('method') ?? '';
    let biz: Biz = {};
    try {
      biz = JSON.parse(params.get('biz_content') ?? '{}') as Biz;
    } catch {
      return answerJson(reply, method, invalid('isv.invalid-biz-content', 'biz_content 不是 JSON'));
    }
    const refused = checkRequest(params, appId, keys);
    calls.push({ method, params: Object.fromEntries(params), biz, verified: !refused });
    const isCashier = method === 'alipay.trade.page.pay' || method === 'alipay.trade.wap.pay';
    if (refused) {
      if (isCashier) return reply.writeHead(400, { 'content-type': 'text/html; charset=utf-8' }).end(`<p>支付宝 - 错误代码 ${refused}</p>`);
      return answerJson(reply, method, invalid(refused, `验签出错 ${refused}`));
    }
    if (isCashier) return cashier(reply, method, params, biz);
    const run = alipayMethods[method];
    if (!run) return answerJson(reply, method, invalid('isv.invalid-method', '不存在的方法名'));
    return answerJson(reply, method, run(state, biz, peer.origin));
  }

  const server = http.createServer((request, reply) => {
    handle(request, reply).catch((error: unknown) => reply.writeHead(500).end(String(error)));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  peer.origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  peer.gateway = `${peer.origin}/gateway.do`;
  return peer;
}

export type AlipayPeer = Awaited<ReturnType<typeof startAlipayPeer>>;
