/**
 * Online payment (WeChat Pay v3, Alipay) behind one interface, like SMS and e-mail
 * (messaging.ts). A provider speaks one vendor's protocol: it starts a payment, asks the gateway
 * about a payment or refund, closes a payment, refunds, verifies a notify callback and downloads
 * the day's bill. It knows nothing of orders, funds or the ledger: 51-payment's services keep the
 * payment records (one per attempt, amount fixed when created) and book what a verified notice or
 * a query says, exactly once.
 *
 * Providers: the local gateway (the default: a page on this server with 模拟支付 buttons that
 * sends callbacks signed with keys made at first start), WeChat Pay v3 (wechat-pay.ts) and Alipay
 * (alipay.ts), chosen by environment variables (providers.ts paymentProvidersFor).
 *
 * Amounts are integer fen everywhere (PRODUCT.md); a provider converts to the vendor's unit
 * (Alipay's "0.01" yuan strings) at its edge.
 */

/** the vendor a member chooses at checkout */
export const PAY_VENDORS = ['wechat', 'alipay'] as const;
export type PayVendor = (typeof PAY_VENDORS)[number];

/**
 * How the payment is presented: WeChat Native (a QR on the desktop checkout), H5 (phone browser),
 * JSAPI (inside WeChat, with the member's openid); Alipay page (PC 电脑网站支付) and wap (手机网站支付).
 */
export const PAY_SCENES = ['native', 'h5', 'jsapi', 'page', 'wap'] as const;
export type PayScene = (typeof PAY_SCENES)[number];

export interface CreatePaymentInput {
  /** our number for this attempt (out_trade_no), unique, 6–32 characters [A-Za-z0-9_-] */
  outTradeNo: string;
  /** fixed when the payment record was created; never recomputed */
  amountFen: number;
  /** what the wallet shows (WeChat: ≤127 bytes) */
  description: string;
  scene: PayScene;
  /** the gateway closes the payment after this (time_expire / time_expire) */
  expiresAt: Date;
  /** absolute URL of our notify endpoint for this vendor */
  notifyUrl: string;
  /** absolute URL the browser comes back to (H5, page, wap); our result page, which queries */
  returnUrl: string;
  /** the payer's IP (WeChat H5 requires it) */
  clientIp: string;
  /** JSAPI only: the payer's openid under our app id */
  openid?: string;
}

/** what the browser does next */
export type PaymentStart =
  /** Native: draw this as a QR code (weixin://wxpay/… or the local gateway's page) */
  | { kind: 'qr'; codeUrl: string }
  /** H5, Alipay page/wap, the local gateway: send the browser here */
  | { kind: 'redirect'; url: string }
  /** JSAPI: WeixinJSBridge.invoke('getBrandWCPayRequest', params) */
  | { kind: 'jsapi'; params: Record<string, string> };

/** a payment as the gateway reports it (query or verified notify) */
export interface GatewayPayment {
  outTradeNo: string;
  /** the vendor's transaction id (transaction_id / trade_no); absent until paid */
  tradeNo?: string;
  /** paid: money received; open: waiting for the payer; closed: closed or expired unpaid; failed: the payer's bank refused */
  state: 'paid' | 'open' | 'closed' | 'failed';
  /** what the gateway says was (or is to be) paid, in fen; compared with our record before booking */
  amountFen: number;
  /** the merchant (mchid / seller_id) and app (appid / app_id) the gateway names; compared with ours */
  merchantId: string;
  appId: string;
  paidAt?: Date;
}

/** a refund as the gateway reports it */
export interface GatewayRefund {
  outRefundNo: string;
  outTradeNo: string;
  refundId?: string;
  refundFen: number;
  /** success: money returned; processing: not yet; closed / abnormal: failed, staff must act */
  state: 'success' | 'processing' | 'closed' | 'abnormal';
  succeededAt?: Date;
}

export interface RefundInput {
  outTradeNo: string;
  /** our number for this refund (out_refund_no), unique */
  outRefundNo: string;
  refundFen: number;
  /** the payment's whole amount (WeChat requires it) */
  totalFen: number;
  reason: string;
  /** absolute URL of our notify endpoint for this vendor (WeChat sends refund notices; Alipay answers at once) */
  notifyUrl: string;
}

/** a verified notify callback */
export type VerifiedNotice = { type: 'payment'; payment: GatewayPayment } | { type: 'refund'; refund: GatewayRefund };

/** one line of the gateway's bill for a day (for reconciliation) */
export interface BillLine {
  kind: 'payment' | 'refund';
  outTradeNo: string;
  tradeNo: string;
  /** refunds only */
  outRefundNo?: string;
  amountFen: number;
  at: Date;
}

/** the raw request as it reached our notify route: headers (lower-case names) and the body exactly as sent */
export interface NotifyRequest {
  headers: Record<string, string | undefined>;
  rawBody: string;
}

/** the answer the vendor expects to a notify (WeChat: 200/204 or a JSON FAIL; Alipay: "success"/"fail") */
export interface NotifyAnswer {
  status: number;
  contentType: string;
  body: string;
}

export class PaymentSignatureError extends Error {
  constructor(message = '支付回调签名验证失败') {
    super(message);
    this.name = 'PaymentSignatureError';
  }
}

export interface PaymentProvider {
  /** 'local', 'wechat' or 'alipay': kept on each payment record */
  readonly name: string;
  readonly vendor: PayVendor;
  /** the merchant and app ids we expect in every notice and query answer */
  readonly merchantId: string;
  readonly appId: string;
  /** the scenes this configuration can serve (JSAPI needs an app id with openids) */
  readonly scenes: readonly PayScene[];
  create(input: CreatePaymentInput): Promise<PaymentStart>;
  /** null when the gateway has no such payment (never created, or created elsewhere) */
  query(outTradeNo: string): Promise<GatewayPayment | null>;
  /** close an unpaid payment so it can no longer be paid; closing a closed one is not an error */
  close(outTradeNo: string): Promise<void>;
  refund(input: RefundInput): Promise<GatewayRefund>;
  queryRefund(outRefundNo: string, outTradeNo: string): Promise<GatewayRefund | null>;
  /**
   * Verify the callback's signature (WeChat: Wechatpay-Signature with the platform certificate,
   * then AES-256-GCM decryption of the resource; Alipay: RSA2 over the sorted parameters) and read
   * it. Throws PaymentSignatureError when it does not verify. It does not compare amounts: the
   * service does, against the stored record.
   */
  verifyNotify(request: NotifyRequest): Promise<VerifiedNotice>;
  /** the answer to send back: ok=false makes the vendor retry later */
  notifyAnswer(ok: boolean): NotifyAnswer;
  /** the day's bill (YYYY-MM-DD, Asia/Shanghai): payments and refunds; downloaded through the SDK */
  downloadBill(day: string): Promise<BillLine[]>;
}
