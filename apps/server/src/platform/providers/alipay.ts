import { AlipaySdk, type AlipaySdkCommonResult } from 'alipay-sdk';
import { fenToYuan, fromAlipayTime, normalizePrivateKey, normalizePublicKey, toAlipayTime, yuanToFen } from './alipay-formats';
import { readAlipayBill } from './alipay-bill';
import {
  PaymentSignatureError,
  type BillLine,
  type CreatePaymentInput,
  type GatewayPayment,
  type GatewayRefund,
  type NotifyAnswer,
  type NotifyRequest,
  type PaymentProvider,
  type PaymentStart,
  type PayScene,
  type RefundInput,
  type VerifiedNotice,
} from './payment-gateway';

/**
 * Alipay (支付宝开放平台, OpenAPI v2: gateway.do with RSA2 signatures) behind PaymentProvider,
 * through alipay-sdk's public API: pageExecute builds the signed pay URL, exec calls the other
 * methods and checks each answer's signature with Alipay's public key, checkNotifySignV2 checks
 * a notify's. docs/payments.md "Alipay".
 * Amounts, times and keys: alipay-formats.ts; the bill file: alipay-bill.ts.
 *
 * Amounts cross this edge as Alipay's yuan strings ("12.30") and are converted to integer fen
 * by text, never through floating point.
 */

export interface AlipaySettings {
  /** the app's APPID (开放平台应用) */
  appId: string;
  /** the app's private key: PEM (PKCS#1 "RSA PRIVATE KEY" or PKCS#8 "PRIVATE KEY") or the bare base64 Alipay's key tool writes */
  privateKey: string;
  /** Alipay's public key (支付宝公钥, not the app's): PEM or bare base64 */
  alipayPublicKey: string;
  /** the merchant's PID (2088…): the seller_id notices name */
  sellerId: string;
  /** https://openapi.alipay.com/gateway.do; the sandbox's, or a local peer's in tests */
  gateway: string;
  /** per request, milliseconds (the SDK's default 5000) */
  timeoutMs?: number;
}

/** Alipay answered a call with something other than success (code ≠ 10000), or no valid answer at all. */
export class AlipayApiError extends Error {
  /** the method called (alipay.trade.refund…) */
  readonly method: string;
  /** Alipay's code (40004 business refusal, 40002 bad arguments, 20000 service unavailable…); absent when no valid answer came */
  readonly code?: string;
  /** Alipay's sub_code (ACQ.TRADE_NOT_EXIST, isp.bill_not_exist…) */
  readonly subCode?: string;
  constructor(method: string, message: string, details: { code?: string; subCode?: string; cause?: unknown } = {}) {
    super(`支付宝 ${method}: ${message}`, { cause: details.cause });
    this.name = 'AlipayApiError';
    this.method = method;
    this.code = details.code;
    this.subCode = details.subCode;
  }
}

// ---------------------------------------------------------------------------------------------
// the provider
// ---------------------------------------------------------------------------------------------

const productCodes: Partial<Record<PayScene, { method: string; productCode: string }>> = {
  page: { method: 'alipay.trade.page.pay', productCode: 'FAST_INSTANT_TRADE_PAY' },
  wap: { method: 'alipay.trade.wap.pay', productCode: 'QUICK_WAP_WAY' },
};

const paymentStates: Record<string, GatewayPayment['state']> = {
  TRADE_SUCCESS: 'paid',
  TRADE_FINISHED: 'paid',
  WAIT_BUYER_PAY: 'open',
  TRADE_CLOSED: 'closed',
};

type Answer = AlipaySdkCommonResult & Record<string, unknown>;

const text = (value: unknown) => (typeof value === 'string' ? value : undefined);

export function alipayProvider(settings: AlipaySettings): PaymentProvider {
  /**
   * The request's timestamp in Beijing time whatever the server's time zone (the SDK would write
   * the process's local time, hours off on a UTC server); a parameter given is the one signed.
   */
  const beijingNow = () => toAlipayTime(new Date());
  const sdk = new AlipaySdk({
    appId: settings.appId,
    privateKey: normalizePrivateKey(settings.privateKey),
    keyType: 'PKCS8',
    alipayPublicKey: normalizePublicKey(settings.alipayPublicKey),
    signType: 'RSA2',
    gateway: settings.gateway,
    timeout: settings.timeoutMs ?? 5000,
    // Alipay's field names as documented (trade_status, total_amount…)
    camelcase: false,
  });

  /**
   * One call; every answer's signature is checked (validateSign), so a forged or altered answer
   * throws. Answers other than 10000 are returned for the caller to read: a missing trade is an
   * answer, not a failure.
   */
  async function call(method: string, bizContent: Record<string, unknown>): Promise<Answer> {
    try {
      return (await sdk.exec(method, { bizContent, timestamp: beijingNow() }, { validateSign: true })) as Answer;
    } catch (error) {
      // the SDK's AlipayRequestError: no answer, not JSON, or a signature that does not verify
      throw new AlipayApiError(method, `无有效应答 (${error instanceof Error ? error.message : String(error)})`, { cause: error });
    }
  }

  const refused = (method: string, answer: Answer) =>
    new AlipayApiError(method, `${answer.sub_msg ?? answer.msg ?? '失败'} [${answer.code}${answer.sub_code ? ` ${answer.sub_code}` : ''}]`, {
      code: answer.code,
      subCode: answer.sub_code,
    });

  const tradeMissing = (answer: Answer) => answer.sub_code === 'ACQ.TRADE_NOT_EXIST';

  async function queryRefund(outRefundNo: string, outTradeNo: string): Promise<GatewayRefund | null> {
    const method = 'alipay.trade.fastpay.refund.query';
    const answer = await call(method, { out_trade_no: outTradeNo, out_request_no: outRefundNo, query_options: ['gmt_refund_pay'] });
    if (answer.code !== '10000') {
      if (tradeMissing(answer)) return null;
      throw refused(method, answer);
    }
    // no refund_amount: Alipay has no refund under this number (never received, or refused)
    const amount = text(answer.refund_amount);
    if (!amount) return null;
    const success = answer.refund_status === 'REFUND_SUCCESS';
    return {
      outRefundNo: text(answer.out_request_no) ?? outRefundNo,
      outTradeNo: text(answer.out_trade_no) ?? outTradeNo,
      refundFen: yuanToFen(amount),
      state: success ? 'success' : 'processing',
      succeededAt: success ? fromAlipayTime(text(answer.gmt_refund_pay)) : undefined,
    };
  }

  async function query(outTradeNo: string): Promise<GatewayPayment | null> {
    const method = 'alipay.trade.query';
    const answer = await call(method, { out_trade_no: outTradeNo });
    if (answer.code !== '10000') {
      if (tradeMissing(answer)) return null;
      throw refused(method, answer);
    }
    const state = paymentStates[text(answer.trade_status) ?? ''];
    if (!state) throw new AlipayApiError(method, `未知交易状态 ${String(answer.trade_status)}`);
    return {
      outTradeNo: text(answer.out_trade_no) ?? outTradeNo,
      tradeNo: text(answer.trade_no),
      state,
      amountFen: yuanToFen(text(answer.total_amount) ?? ''),
      // the query answers our own signed request and names neither seller nor app: they are ours
      merchantId: settings.sellerId,
      appId: settings.appId,
      paidAt: state === 'paid' ? fromAlipayTime(text(answer.send_pay_date)) : undefined,
    };
  }

  return {
    name: 'alipay',
    vendor: 'alipay',
    merchantId: settings.sellerId,
    appId: settings.appId,
    scenes: ['page', 'wap'],

    async create(input: CreatePaymentInput): Promise<PaymentStart> {
      const product = productCodes[input.scene];
      if (!product) throw new Error(`支付宝不支持支付场景 ${input.scene}`);
      const bizContent: Record<string, unknown> = {
        out_trade_no: input.outTradeNo,
        total_amount: fenToYuan(input.amountFen),
        // Alipay refuses / = & in a subject
        subject: input.description.replace(/[/=&]/g, ' ').slice(0, 256),
        product_code: product.productCode,
        time_expire: toAlipayTime(input.expiresAt),
      };
      // 手机网站支付: where the cashier's 返回 button leads
      if (input.scene === 'wap') bizContent.quit_url = input.returnUrl;
      const url = sdk.pageExecute(product.method, 'GET', { bizContent, notifyUrl: input.notifyUrl, returnUrl: input.returnUrl, timestamp: beijingNow() });
      return { kind: 'redirect', url };
    },

    query,

    async close(outTradeNo: string): Promise<void> {
      const method = 'alipay.trade.close';
      const answer = await call(method, { out_trade_no: outTradeNo });
      if (answer.code === '10000') return;
      // never opened at Alipay (page/wap trades exist there once the payer opens the cashier)
      if (tradeMissing(answer)) return;
      if (answer.sub_code === 'ACQ.TRADE_STATUS_ERROR') {
        // closed already is fine; paid is not: the caller must know the money arrived
        const now = await query(outTradeNo);
        if (now?.state === 'closed') return;
      }
      throw refused(method, answer);
    },

    async refund(input: RefundInput): Promise<GatewayRefund> {
      const method = 'alipay.trade.refund';
      const answer = await call(method, {
        out_trade_no: input.outTradeNo,
        refund_amount: fenToYuan(input.refundFen),
        out_request_no: input.outRefundNo,
        refund_reason: input.reason.slice(0, 256),
      });
      if (answer.code !== '10000') throw refused(method, answer);
      // Alipay refunds at once: fund_change Y means this call moved the money
      if (answer.fund_change === 'Y') {
        return {
          outRefundNo: input.outRefundNo,
          outTradeNo: text(answer.out_trade_no) ?? input.outTradeNo,
          refundFen: input.refundFen,
          state: 'success',
          succeededAt: fromAlipayTime(text(answer.gmt_refund_pay)) ?? new Date(),
        };
      }
      // N: a repeat of a refund already made, or not made: Alipay says to ask
      const known = await queryRefund(input.outRefundNo, input.outTradeNo);
      return known ?? { outRefundNo: input.outRefundNo, outTradeNo: input.outTradeNo, refundFen: input.refundFen, state: 'processing' };
    },

    queryRefund,

    async verifyNotify(request: NotifyRequest): Promise<VerifiedNotice> {
      const form = Object.fromEntries(new URLSearchParams(request.rawBody));
      if (!form.sign || (form.sign_type && form.sign_type !== 'RSA2')) throw new PaymentSignatureError();
      let valid = false;
      try {
        // the values as received (already form-decoded), not decoded a second time
        valid = sdk.checkNotifySignV2(form);
      } catch {
        valid = false;
      }
      if (!valid) throw new PaymentSignatureError();
      if (form.app_id !== settings.appId) throw new PaymentSignatureError('支付宝回调的应用不是本应用');
      const outTradeNo = form.out_trade_no ?? '';
      // a refund's notice (sent to the payment's notify_url): out_biz_no is our out_request_no
      if (form.gmt_refund && form.out_biz_no) {
        // refund_fee is the trade's total refunded so far, not this refund's: ask for this one
        const refund = await queryRefund(form.out_biz_no, outTradeNo);
        if (refund) return { type: 'refund', refund };
      }
      const state = paymentStates[form.trade_status ?? ''];
      if (!state || !form.total_amount) throw new AlipayApiError('notify', `无法识别的回调 trade_status=${form.trade_status ?? ''}`);
      return {
        type: 'payment',
        payment: {
          outTradeNo,
          tradeNo: form.trade_no,
          state,
          amountFen: yuanToFen(form.total_amount),
          merchantId: form.seller_id ?? '',
          appId: form.app_id,
          paidAt: state === 'paid' ? fromAlipayTime(form.gmt_payment) : undefined,
        },
      };
    },

    notifyAnswer(ok: boolean): NotifyAnswer {
      // anything but the text "success" makes Alipay send the notice again (up to 8 times in 25 hours)
      return { status: 200, contentType: 'text/plain; charset=utf-8', body: ok ? 'success' : 'fail' };
    },

    async downloadBill(day: string): Promise<BillLine[]> {
      const method = 'alipay.data.dataservice.bill.downloadurl.query';
      if (!/^\d{4}-\d{2}-\d{2}$/.test(day)) throw new Error(`账单日期无效: ${day}`);
      const answer = await call(method, { bill_type: 'trade', bill_date: day });
      if (answer.code !== '10000') throw refused(method, answer);
      const url = text(answer.bill_download_url);
      if (!url) throw new AlipayApiError(method, '应答中没有 bill_download_url');
      // a short-lived signed link to the file itself (not an OpenAPI call: nothing to sign)
      const response = await fetch(url, { signal: AbortSignal.timeout(Math.max(settings.timeoutMs ?? 5000, 30_000)) });
      if (!response.ok) throw new AlipayApiError(method, `账单下载失败 HTTP ${response.status}`);
      return readAlipayBill(new Uint8Array(await response.arrayBuffer()));
    },
  };
}
