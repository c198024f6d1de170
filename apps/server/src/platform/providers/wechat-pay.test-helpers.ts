import type { KeyObject } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach } from 'vitest';
import { startWechatPayPeer, type WechatPayPeer } from '../../../test/peers/wechat-pay-peer';
import { makeWechatPayKeys, type WechatPayTestKeys } from '../../../test/peers/wechat-pay-peer-keys';
import type { CreatePaymentInput, PaymentProvider, VerifiedNotice } from './payment-gateway';
import { wechatPayProvider } from './wechat-pay';
import { platformKeysFrom, type WechatPaySettings } from './wechat-pay-keys';

/*
 * The WeChat Pay provider's tests (wechat-pay.test.ts, wechat-pay-notify.test.ts): keys, a local WeChat
 * and the provider on it. Test files share this module (vitest isolate: false): each makes its own
 * keys when it starts (useWechatPayPeer), as each made them when it loaded before.
 */
export let keys: WechatPayTestKeys;
export let mchid: string, appId: string, apiV3Key: string, merchantSerial: string, platformSerial: string;
export let merchant: WechatPayTestKeys['merchant'], platform: WechatPayTestKeys['platform'], files: WechatPayTestKeys['files'];
export const pem = (key: KeyObject) => key.export({ type: 'pkcs8', format: 'pem' }).toString();

export let peer: WechatPayPeer;
export let provider: PaymentProvider;
export let settings: WechatPaySettings;
/** our notify endpoint: verifies what the peer sends and answers as the route will */
export let receiver: http.Server;
export let notifyUrl = '';
export const received: Array<VerifiedNotice | Error> = [];

/** the peer, the provider and our notify endpoint, started for the test file */
export function useWechatPayPeer(): void {
  beforeAll(async () => {
    keys = makeWechatPayKeys();
    ({ mchid, appId, apiV3Key, merchantSerial, platformSerial, merchant, platform, files } = keys);
    peer = await startWechatPayPeer(keys.peerOptions);
    settings = {
      mchid,
      appId,
      jsapi: true,
      merchantSerial,
      privateKey: merchant.privateKeyPem,
      apiV3Key,
      platformKeys: platformKeysFrom({ certificatesPem: platform.certificatePem }),
      baseUrl: peer.url,
    };
    provider = wechatPayProvider(settings);
    receiver = http.createServer((request, reply) => {
      const chunks: Buffer[] = [];
      request.on('data', (chunk: Buffer) => chunks.push(chunk));
      request.on('end', () => {
        const headers = Object.fromEntries(Object.entries(request.headers).map(([name, value]) => [name, Array.isArray(value) ? value.join(',') : value]));
        provider.verifyNotify({ headers, rawBody: Buffer.concat(chunks).toString('utf8') }).then(
          (notice) => {
            received.push(notice);
            const answer = provider.notifyAnswer(true);
            reply.writeHead(answer.status, { 'content-type': answer.contentType }).end(answer.body);
          },
          (error: Error) => {
            received.push(error);
            const answer = provider.notifyAnswer(false);
            reply.writeHead(answer.status, { 'content-type': answer.contentType }).end(answer.body);
          },
        );
      });
    });
    await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
    notifyUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/api/pay/notify/wechat`;
  });

  afterAll(async () => {
    await peer?.stop();
    await new Promise<void>((resolve) => (receiver ? receiver.close(() => resolve()) : resolve()));
    keys.remove();
  });

  beforeEach(() => {
    received.length = 0;
  });
}

let sequence = 0;
const tradeNo = () => `WXT${Date.now()}${++sequence}`;
export const input = (overrides: Partial<CreatePaymentInput> = {}): CreatePaymentInput => ({
  outTradeNo: tradeNo(),
  amountFen: 12_345,
  description: '科研检测服务商城-订单 LAB20261126001',
  scene: 'native',
  expiresAt: new Date(Date.now() + 30 * 60_000),
  notifyUrl,
  returnUrl: 'https://shop.example.com/pay/result?no=1',
  clientIp: '203.0.113.7',
  ...overrides,
});
/** today in Asia/Shanghai, the bill's day */
export const shanghaiDay = () => new Date(Date.now() + 8 * 3_600_000).toISOString().slice(0, 10);
