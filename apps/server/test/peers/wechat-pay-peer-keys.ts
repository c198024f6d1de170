import { execFileSync } from 'node:child_process';
import { generateKeyPairSync, randomBytes, type KeyObject } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { WechatPayPeerOptions } from './wechat-pay-peer-state';

/** Everything a test needs on both sides, made fresh (see makeWechatPayKeys). */
export interface WechatPayTestKeys {
  mchid: string;
  appId: string;
  apiV3Key: string;
  merchantSerial: string;
  merchant: { privateKey: KeyObject; publicKey: KeyObject; privateKeyPem: string };
  platformSerial: string;
  platform: { privateKey: KeyObject; publicKey: KeyObject; certificatePem: string };
  /** the same material as files, as the WECHATPAY_*_FILE settings name them */
  files: { dir: string; merchantKey: string; platformCert: string };
  /** the environment for loadConfig (add WECHATPAY_BASE_URL: peer.url) */
  env: Record<string, string>;
  /** the options startWechatPayPeer takes for these keys */
  peerOptions: WechatPayPeerOptions;
  remove(): void;
}

/**
 * Fresh keys for a test: the merchant's RSA key (the peer verifies requests with its public half),
 * the platform's RSA key and its self-signed X.509 certificate (40 hex digits of serial, valid for
 * 2 days), made by `openssl req -x509` since node:crypto reads certificates but cannot issue them.
 */
export function makeWechatPayKeys(): WechatPayTestKeys {
  const mchid = '1900000109';
  const appId = 'wx8888888888888888';
  const apiV3Key = randomBytes(16).toString('hex');
  const merchantSerial = randomBytes(20).toString('hex').toUpperCase();
  // a leading digit below 8 keeps the serial positive and its 40 digits as the certificate shows them
  const platformSerial = `4${randomBytes(20).toString('hex').toUpperCase()}`.slice(0, 40);
  const merchant = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const platform = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const pem = (key: KeyObject) => key.export({ type: 'pkcs8', format: 'pem' }).toString();
  const dir = mkdtempSync(path.join(tmpdir(), 'wechat-pay-'));
  const files = { dir, merchantKey: path.join(dir, 'apiclient_key.pem'), platformCert: path.join(dir, 'wechatpay_platform.pem') };
  const platformKey = path.join(dir, 'platform_key.pem');
  writeFileSync(files.merchantKey, pem(merchant.privateKey), { mode: 0o600 });
  writeFileSync(platformKey, pem(platform.privateKey), { mode: 0o600 });
  execFileSync('openssl', ['req', '-x509', '-new', '-key', platformKey, '-subj', '/C=CN/O=Tenpay.com/CN=Tenpay.com Root CA', '-days', '2', '-set_serial', `0x${platformSerial}`, '-out', files.platformCert], { stdio: 'pipe' });
  return {
    mchid,
    appId,
    apiV3Key,
    merchantSerial,
    merchant: { ...merchant, privateKeyPem: pem(merchant.privateKey) },
    platformSerial,
    platform: { ...platform, certificatePem: readFileSync(files.platformCert, 'utf8') },
    files,
    env: {
      PAYMENT_WECHAT: 'wechatpay',
      WECHATPAY_MCHID: mchid,
      WECHATPAY_APPID: appId,
      WECHATPAY_MERCHANT_SERIAL: merchantSerial,
      WECHATPAY_PRIVATE_KEY_FILE: files.merchantKey,
      WECHATPAY_APIV3_KEY: apiV3Key,
      WECHATPAY_PLATFORM_CERT_FILE: files.platformCert,
    },
    peerOptions: { mchid, appIds: [appId], merchantSerial, merchantPublicKey: merchant.publicKey, platformSerial, platformPrivateKey: platform.privateKey, apiV3Key },
    remove: () => rmSync(dir, { recursive: true, force: true }),
  };
}
