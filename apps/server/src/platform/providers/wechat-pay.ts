import { createHash, createPrivateKey } from 'node:crypto';
import { AppError } from '../errors';
import {
  PaymentSignatureError,
  type BillLine,
  type CreatePaymentInput,
  type NotifyAnswer,
  type NotifyRequest,
  type PaymentProvider,
  type PaymentStart,
  type PayScene,
  type RefundInput,
  type VerifiedNotice,
} from './payment-gateway';
import { parseTradeBill, paymentOf, refundOf, refusedWith, sdk, WechatPayError, type WechatRefund, type WechatTransaction } from './wechat-pay-answers';
import type { WechatPaySettings } from './wechat-pay-keys';

/*
 * WeChat Pay API v3 for a direct merchant (直连商户) through wechatpay-axios-plugin
 * (docs/decisions/0027-wechat-pay-sdk.md, docs/payments.md "WeChat Pay v3"). The SDK signs every
 * request (WECHATPAY2-SHA256-RSA2048 with the merchant's apiclient_key.pem) and verifies every
 * answer's Wechatpay-Signature against the platform keys we give it by serial, refusing an answer
 * whose timestamp is more than 5 minutes off; the bill file, which WeChat does not sign, is
 * checked against the hash the signed bill answer names. Notifies are verified here with the
 * SDK's public helpers (Rsa.verify, Aes.AesGcm.decrypt). Settings and keys: wechat-pay-keys.ts;
 * errors, answers and the bill file: wechat-pay-answers.ts.
 */

/** WeChat's answers and notifies may be at most this far from our clock (seconds) */
const REPLAY_WINDOW_SECONDS = 300;

/** RFC 3339 in Asia/Shanghai, as WeChat takes times (time_expire): 2026-11-26T10:30:00+08:00 */
function shanghaiTime(at: Date): string {
  return `${new Date(at.getTime() + 8 * 3_600_000).toISOString().slice(0, 19)}+08:00`;
}

/** the longest prefix of `text` that fits in `bytes` UTF-8 bytes (whole characters) */
function fitBytes(text: string, bytes: number): string {
  if (Buffer.byteLength(text) <= bytes) return text;
  let out = '';
  for (const char of text) {
    if (Buffer.byteLength(out + char) > bytes) break;
    out += char;
  }
  return out;
}

interface SdkResponse<T> {
  status: number;
  data: T;
}

interface SdkResource {
  get(config?: Record<string, unknown>): Promise<SdkResponse<unknown>>;
  post(data?: unknown, config?: Record<string, unknown>): Promise<SdkResponse<unknown>>;
}

/** WeChat Pay v3: Native (QR), H5 and, when configured, JSAPI. */
export function wechatPayProvider(settings: WechatPaySettings): PaymentProvider {
  if (Buffer.byteLength(settings.apiV3Key) !== 32) throw new Error('微信支付 APIv3 密钥应为32字节');
  const privateKey = createPrivateKey(settings.privateKey);
  const base = new URL(settings.baseUrl.endsWith('/') ? settings.baseUrl : `${settings.baseUrl}/`);
  const wxpay = new sdk.Wechatpay({
    mchid: settings.mchid,
    serial: settings.merchantSerial,
    privateKey: settings.privateKey,
    certs: { ...settings.platformKeys },
    baseURL: base.href,
    timeout: settings.timeoutMs ?? 10_000,
  });
  const resource = (path: string) => (wxpay as unknown as { chain(path: string): SdkResource }).chain(path);
  const scenes: PayScene[] = settings.jsapi ? ['native', 'h5', 'jsapi'] : ['native', 'h5'];

  /** WeChat's {code, message} from an answer body as it came (text, bytes or parsed JSON) */
  function refusalOf(data: unknown): { code?: string; message?: string } {
    let body = data;
    if (body instanceof ArrayBuffer || Buffer.isBuffer(body)) body = Buffer.from(body as ArrayBuffer).toString('utf8');
    if (typeof body === 'string') {
      try {
        body = JSON.parse(body);
      } catch {
        return {};
      }
    }
    const { code, message } = (body ?? {}) as { code?: unknown; message?: unknown };
    return { ...(typeof code === 'string' ? { code } : {}), ...(typeof message === 'string' ? { message } : {}) };
  }

  /**
   * One API call. Every answer, refusals included, goes through the SDK's verifier (we let every
   * status through to it: by default it skips non-2xx answers). A 2xx answer that does not verify
   * is a PaymentSignatureError; a refusal becomes a WechatPayError, `verified` only when its
   * signature checked out. The bill file is not signed (`signed` false): its hash is checked.
   */
  async function call<T>(run: (config: Record<string, unknown>) => Promise<SdkResponse<unknown>>, signed = true): Promise<T> {
    let response: SdkResponse<unknown>;
    try {
      response = await run({ validateStatus: () => true });
    } catch (error) {
      const e = error as { code?: unknown; message?: string; response?: { status?: number; data?: unknown } };
      const status = e.response?.status ?? null;
      // the SDK's verifier: EV3_RES_HEADERS_INCOMPLATE, …_TIMESTAMP_OFFSET, …_PLATFORM_SERIAL, …_SIGNATURE_DIGEST
      if (typeof e.code === 'string' && e.code.startsWith('EV3_RES_')) {
        if (status === null || (status >= 200 && status < 300)) throw new PaymentSignatureError(`微信支付应答验签失败 (${e.code})`);
        const refusal = refusalOf(e.response?.data);
        throw new WechatPayError(refusal.code ?? `HTTP_${status}`, `${refusal.message ?? `HTTP ${status}`} (应答未通过验签)`, status, false);
      }
      throw new WechatPayError(typeof e.code === 'string' ? e.code : 'NETWORK', e.message ?? String(error), status, false);
    }
    if (response.status >= 200 && response.status < 300) return response.data as T;
    const refusal = refusalOf(response.data);
    throw new WechatPayError(refusal.code ?? `HTTP_${response.status}`, refusal.message ?? `HTTP ${response.status}`, response.status, signed);
  }

  /** null for WeChat's verified "no such order / refund" */
  async function orNull<T>(run: (config: Record<string, unknown>) => Promise<SdkResponse<unknown>>): Promise<T | null> {
    try {
      return await call<T>(run);
    } catch (error) {
      if (refusedWith(error, 'ORDER_NOT_EXIST', 'RESOURCE_NOT_EXISTS')) return null;
      throw error;
    }
  }

  function jsapiParams(prepayId: string): Record<string, string> {
    const timeStamp = String(sdk.Formatter.timestamp());
    const nonceStr = sdk.Formatter.nonce();
    const pkg = `prepay_id=${prepayId}`;
    const paySign = sdk.Rsa.sign(sdk.Formatter.joinedByLineFeed(settings.appId, timeStamp, nonceStr, pkg), privateKey);
    return { appId: settings.appId, timeStamp, nonceStr, package: pkg, signType: 'RSA', paySign };
  }

  return {
    name: 'wechat',
    vendor: 'wechat',
    merchantId: settings.mchid,
    appId: settings.appId,
    scenes,

    async create(input: CreatePaymentInput): Promise<PaymentStart> {
      if (!scenes.includes(input.scene)) throw new AppError('PAYMENT_SCENE', input.scene === 'jsapi' ? '未配置微信内支付 (JSAPI)' : `微信支付不支持此支付方式: ${input.scene}`);
      if (!Number.isInteger(input.amountFen) || input.amountFen < 1) throw new AppError('BAD_REQUEST', '支付金额应为正整数分');
      if (input.scene === 'jsapi' && !input.openid) throw new AppError('PAYMENT_OPENID', '微信内支付需要付款人的 openid');
      const body = {
        appid: settings.appId,
        mchid: settings.mchid,
        description: fitBytes(input.description, 127),
        out_trade_no: input.outTradeNo,
        time_expire: shanghaiTime(input.expiresAt),
        notify_url: input.notifyUrl,
        amount: { total: input.amountFen, currency: 'CNY' },
        ...(input.scene === 'jsapi' ? { payer: { openid: input.openid } } : {}),
        scene_info: { payer_client_ip: input.clientIp, ...(input.scene === 'h5' ? { h5_info: { type: 'Wap' } } : {}) },
      };
      const data = await call<{ code_url?: string; h5_url?: string; prepay_id?: string }>((config) => resource(`v3/pay/transactions/${input.scene}`).post(body, config));
      if (input.scene === 'native' && data.code_url) return { kind: 'qr', codeUrl: data.code_url };
      // after paying (or leaving) WeChat's page sends the browser to redirect_url: our result page, which queries
      if (input.scene === 'h5' && data.h5_url) return { kind: 'redirect', url: `${data.h5_url}${data.h5_url.includes('?') ? '&' : '?'}redirect_url=${encodeURIComponent(input.returnUrl)}` };
      if (input.scene === 'jsapi' && data.prepay_id) return { kind: 'jsapi', params: jsapiParams(data.prepay_id) };
      throw new WechatPayError('BAD_ANSWER', '下单应答缺少支付链接', null);
    },

    async query(outTradeNo) {
      const data = await orNull<WechatTransaction>((config) => resource(`v3/pay/transactions/out-trade-no/${encodeURIComponent(outTradeNo)}`).get({ ...config, params: { mchid: settings.mchid } }));
      return data ? paymentOf(data) : null;
    },

    async close(outTradeNo) {
      try {
        await call((config) => resource(`v3/pay/transactions/out-trade-no/${encodeURIComponent(outTradeNo)}/close`).post({ mchid: settings.mchid }, config));
      } catch (error) {
        // closing a closed payment is not an error
        if (refusedWith(error, 'ORDER_CLOSED')) return;
        throw error;
      }
    },

    async refund(input: RefundInput) {
      const body = {
        out_trade_no: input.outTradeNo,
        out_refund_no: input.outRefundNo,
        ...(input.reason.trim() ? { reason: [...input.reason.trim()].slice(0, 80).join('') } : {}),
        notify_url: input.notifyUrl,
        amount: { refund: input.refundFen, total: input.totalFen, currency: 'CNY' },
      };
      return refundOf(await call<WechatRefund>((config) => resource('v3/refund/domestic/refunds').post(body, config)));
    },

    async queryRefund(outRefundNo) {
      const data = await orNull<WechatRefund>((config) => resource(`v3/refund/domestic/refunds/${encodeURIComponent(outRefundNo)}`).get(config));
      return data ? refundOf(data) : null;
    },

    async verifyNotify(request: NotifyRequest): Promise<VerifiedNotice> {
      const h = request.headers;
      const [timestamp, nonce, serial, signature] = ['wechatpay-timestamp', 'wechatpay-nonce', 'wechatpay-serial', 'wechatpay-signature'].map((name) => h[name]);
      if (!timestamp || !nonce || !serial || !signature) throw new PaymentSignatureError('微信支付回调缺少签名头');
      // replay window: an old notify (or one from a skewed clock) is refused, WeChat sends it again
      if (!/^\d{1,12}$/.test(timestamp) || Math.abs(Date.now() / 1000 - Number(timestamp)) > REPLAY_WINDOW_SECONDS) throw new PaymentSignatureError('微信支付回调时间戳超出5分钟');
      const key = settings.platformKeys[serial];
      if (!key) throw new PaymentSignatureError(`未知的微信支付平台证书序列号 ${serial.slice(0, 64)}`);
      let verified = false;
      try {
        verified = sdk.Rsa.verify(sdk.Formatter.response(timestamp, nonce, request.rawBody), signature, key);
      } catch {
        verified = false;
      }
      // a signature probe (WECHATPAY/SIGNTEST/…) never verifies, as WeChat means it not to
      if (!verified) throw new PaymentSignatureError();

      let event: { event_type?: unknown; resource?: { algorithm?: unknown; ciphertext?: unknown; associated_data?: unknown; nonce?: unknown } };
      let plain: unknown;
      try {
        event = JSON.parse(request.rawBody) as typeof event;
        const r = event.resource;
        if (r?.algorithm !== 'AEAD_AES_256_GCM' || typeof r.ciphertext !== 'string' || typeof r.nonce !== 'string') throw new Error('resource');
        plain = JSON.parse(sdk.Aes.AesGcm.decrypt(r.ciphertext, settings.apiV3Key, r.nonce, typeof r.associated_data === 'string' ? r.associated_data : ''));
      } catch {
        throw new PaymentSignatureError('微信支付回调解密失败');
      }
      try {
        if (event.event_type === 'TRANSACTION.SUCCESS') return { type: 'payment', payment: paymentOf(plain as WechatTransaction) };
        if (event.event_type === 'REFUND.SUCCESS' || event.event_type === 'REFUND.ABNORMAL' || event.event_type === 'REFUND.CLOSED') {
          return { type: 'refund', refund: refundOf(plain as WechatRefund) };
        }
      } catch {
        throw new PaymentSignatureError('微信支付回调内容无法识别');
      }
      throw new PaymentSignatureError(`不处理的微信支付通知类型 ${String(event.event_type).slice(0, 40)}`);
    },

    notifyAnswer(ok: boolean): NotifyAnswer {
      if (ok) return { status: 204, contentType: 'text/plain; charset=utf-8', body: '' };
      return { status: 500, contentType: 'application/json; charset=utf-8', body: JSON.stringify({ code: 'FAIL', message: '处理失败，请稍后重试' }) };
    },

    async downloadBill(day: string): Promise<BillLine[]> {
      if (!/^\d{4}-\d\d-\d\d$/.test(day)) throw new AppError('BAD_REQUEST', '账单日期格式应为 YYYY-MM-DD');
      let bill: { hash_type?: string; hash_value?: string; download_url?: string };
      try {
        bill = await call<typeof bill>((config) => resource('v3/bill/tradebill').get({ ...config, params: { bill_date: day, bill_type: 'ALL' } }));
      } catch (error) {
        // a day without a single payment or refund has no bill
        if (refusedWith(error, 'NO_STATEMENT_EXIST')) return [];
        throw error;
      }
      const url = new URL(bill.download_url ?? '', base);
      // the download is signed with our key: only ever to the API host we are configured for
      if (url.origin !== base.origin || url.pathname !== new URL('v3/billdownload/file', base).pathname) throw new WechatPayError('BAD_ANSWER', `账单下载地址不在微信支付域名下: ${url.origin}`, null);
      const data = await call<ArrayBuffer>((config) => resource('v3/billdownload/file').get({ ...config, params: Object.fromEntries(url.searchParams), responseType: 'arraybuffer' }), false);
      const file = Buffer.from(data);
      if ((bill.hash_type ?? '').toUpperCase() !== 'SHA1' || createHash('sha1').update(file).digest('hex') !== (bill.hash_value ?? '').toLowerCase()) {
        throw new WechatPayError('BILL_HASH', '账单文件摘要不符', null);
      }
      return parseTradeBill(file);
    },
  };
}
