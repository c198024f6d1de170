import { afterAll, beforeAll, expect } from 'vitest';
import { startAlipayPeer, type AlipayPeer } from '../../../test/peers/alipay-peer';
import { alipayProvider } from './alipay';
import type { CreatePaymentInput, PaymentProvider, PayScene } from './payment-gateway';

/* The Alipay provider's tests (alipay.test.ts, alipay-notify.test.ts): a local Alipay and the provider on it. */

export let peer: AlipayPeer;
export let provider: PaymentProvider;
let serial = 0;
export const nextNo = () => `T${Date.now().toString(36)}${String(++serial).padStart(4, '0')}`;

/** a peer started for the test file (test/peers/alipay-peer.ts) and the provider pointed at it */
export function useAlipayPeer(): void {
  beforeAll(async () => {
    peer = await startAlipayPeer();
    provider = alipayProvider({ appId: peer.appId, privateKey: peer.appPrivateKeyPem, alipayPublicKey: peer.alipayPublicKeyPem, sellerId: peer.sellerId, gateway: peer.gateway });
  });

  afterAll(async () => {
    await peer?.close();
  });
}

export function payment(outTradeNo: string, scene: PayScene = 'page', amountFen = 12345): CreatePaymentInput {
  return {
    outTradeNo,
    amountFen,
    description: '科研检测 订单 LT20261126001 扫描电镜',
    scene,
    expiresAt: new Date(Date.now() + 30 * 60_000),
    notifyUrl: 'https://shop.example.com/api/pay/notify/alipay',
    returnUrl: `https://shop.example.com/pay/result?no=${outTradeNo}`,
    clientIp: '203.0.113.9',
  };
}

/** create through the provider and open the URL in the payer's browser: the trade then exists at Alipay */
export async function opened(scene: PayScene = 'page', amountFen = 12345, description?: string) {
  const outTradeNo = nextNo();
  const input = payment(outTradeNo, scene, amountFen);
  const start = await provider.create(description ? { ...input, description } : input);
  if (start.kind !== 'redirect') throw new Error('expected a redirect');
  const page = await peer.openCashier(start.url);
  expect(page.status).toBe(200);
  return { outTradeNo, url: start.url, page };
}

export async function paid(amountFen = 12345) {
  const { outTradeNo } = await opened('page', amountFen);
  return { outTradeNo, trade: peer.pay(outTradeNo) };
}
