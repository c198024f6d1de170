import { generateKeyPairSync, sign as rsaSign, verify as rsaVerify, type KeyObject } from 'node:crypto';

/**
 * The local Alipay's (alipay-peer.ts) keys and signatures: RSA 2048 pairs made when the peer starts,
 * the RSA2 sign content (parameters sorted by name, `name=value` joined by `&`) and SHA256withRSA.
 */

export interface AlipayPeerKeys {
  /** the app's pair: its private key goes to the provider, its public key verifies requests */
  app: { privateKey: KeyObject; publicKey: KeyObject };
  /** Alipay's pair: signs answers and notifies */
  alipay: { privateKey: KeyObject; publicKey: KeyObject };
  /** a stranger's pair, for answers and notifies that must not verify */
  stranger: { privateKey: KeyObject; publicKey: KeyObject };
}

/** Fresh keys for one peer (RSA 2048). */
export function makeAlipayPeerKeys(): AlipayPeerKeys {
  return {
    app: generateKeyPairSync('rsa', { modulusLength: 2048 }),
    alipay: generateKeyPairSync('rsa', { modulusLength: 2048 }),
    stranger: generateKeyPairSync('rsa', { modulusLength: 2048 }),
  };
}

/** the RSA2 sign content: sorted by name, `name=value` joined by `&` */
export function signContent(entries: Array<[string, string]>): string {
  return entries
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    .map(([name, value]) => `${name}=${value}`)
    .join('&');
}

/** SHA256withRSA over the UTF-8 text, base64 */
export const sign = (content: string, key: KeyObject) => rsaSign('RSA-SHA256', Buffer.from(content, 'utf8'), key).toString('base64');

export const verify = (content: string, key: KeyObject, signature: string) =>
  rsaVerify('RSA-SHA256', Buffer.from(content, 'utf8'), key, Buffer.from(signature, 'base64'));
