import { X509Certificate, createPublicKey, type KeyObject } from 'node:crypto';

/* WeChat Pay v3 (wechat-pay.ts): the merchant's settings and the platform keys WeChat signs with. */

export interface WechatPaySettings {
  /** 商户号 */
  mchid: string;
  /** the app id the payments are made under (公众号, 小程序 or 移动应用 bound to the merchant) */
  appId: string;
  /** JSAPI is offered: the app id is the 公众号/小程序 whose openids the site collects */
  jsapi: boolean;
  /** the merchant API certificate's serial (商户API证书序列号) */
  merchantSerial: string;
  /** apiclient_key.pem: the merchant API private key (PEM) */
  privateKey: string;
  /** the APIv3 key (32 bytes) that encrypts notify resources */
  apiV3Key: string;
  /** the keys WeChat signs with, by the serial it names in Wechatpay-Serial (platformKeysFrom) */
  platformKeys: Record<string, KeyObject>;
  /** https://api.mch.weixin.qq.com; the tests point it at a local peer */
  baseUrl: string;
  /** per request, milliseconds (default 10 s) */
  timeoutMs?: number;
}

/**
 * The platform keys by serial from the configured material: platform certificate(s) (PEM, one file
 * may hold several during a rotation; the serial is the certificate's own, expired ones are left
 * out) and/or the WeChat Pay public key (微信支付公钥, with its PUB_KEY_ID_… as the serial).
 * Throws when nothing usable remains.
 */
export function platformKeysFrom(material: { certificatesPem?: string; publicKeyPem?: string; publicKeyId?: string }, now = new Date()): Record<string, KeyObject> {
  const keys: Record<string, KeyObject> = {};
  const blocks = material.certificatesPem?.match(/-----BEGIN CERTIFICATE-----[\s\S]+?-----END CERTIFICATE-----/g) ?? [];
  if (material.certificatesPem !== undefined && !blocks.length) throw new Error('微信支付平台证书文件中没有 PEM 证书');
  let expired = 0;
  for (const block of blocks) {
    const certificate = new X509Certificate(block);
    if (certificate.validToDate.getTime() < now.getTime()) {
      expired += 1;
      continue;
    }
    keys[certificate.serialNumber.toUpperCase()] = certificate.publicKey;
  }
  if (material.publicKeyPem !== undefined) {
    if (!material.publicKeyId) throw new Error('微信支付公钥需要其公钥ID (PUB_KEY_ID_…)');
    keys[material.publicKeyId] = createPublicKey(material.publicKeyPem);
  }
  if (!Object.keys(keys).length) throw new Error(expired ? '微信支付平台证书均已过期，请下载新证书' : '没有可用的微信支付平台证书或微信支付公钥');
  return keys;
}
