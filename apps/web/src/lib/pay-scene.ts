import { PAY_RESULT_PATH, type ONLINE_PAY_SCENES, type OnlinePayVendor } from '@lab/contract';

export type OnlinePayScene = (typeof ONLINE_PAY_SCENES)[number];

/** Where the member pays from: a computer, a phone's browser, or WeChat's own browser. */
export type PayDevice = 'desktop' | 'phone' | 'wechat';

/** Narrower than this is a phone (the member pages' phone layout ends at 640 px; tablets in portrait pay as phones). */
const PHONE_QUERY = '(max-width: 767px)';
const PHONE_AGENT = /Android|iPhone|iPod|Mobile|HarmonyOS|OpenHarmony/i;
const WECHAT_AGENT = /MicroMessenger/i;

/** The device, from the user agent first (a phone asking for the desktop site still pays as a phone), then the width. */
export function detectPayDevice(userAgent = globalThis.navigator?.userAgent ?? '', narrow = globalThis.matchMedia?.(PHONE_QUERY).matches ?? false): PayDevice {
  if (WECHAT_AGENT.test(userAgent)) return 'wechat';
  if (PHONE_AGENT.test(userAgent) || narrow) return 'phone';
  return 'desktop';
}

/**
 * The one place that decides how a payment is presented (docs/payments.md):
 * WeChat Pay — a QR to scan on a computer (native), the H5 cashier in a phone browser, JSAPI
 * inside WeChat (the server holds the member's openid); Alipay — 电脑网站支付 (page) on a
 * computer, 手机网站支付 (wap) on a phone.
 */
export function payScene(vendor: OnlinePayVendor, device: PayDevice = detectPayDevice()): OnlinePayScene {
  if (vendor === 'wechat') return device === 'desktop' ? 'native' : device === 'wechat' ? 'jsapi' : 'h5';
  return device === 'desktop' ? 'page' : 'wap';
}

/** Inside WeChat without an openid the server refuses JSAPI: the H5 cashier is the way left. */
export const fallbackScene = (scene: OnlinePayScene): OnlinePayScene | null => (scene === 'jsapi' ? 'h5' : null);

/** The result page the gateway sends the browser back to, and where a JSAPI payment goes when WeChat closes its sheet. */
export const payResultPath = (paymentNo: string) => `${PAY_RESULT_PATH}?payment_no=${encodeURIComponent(paymentNo)}`;
