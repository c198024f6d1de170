import { createPrivateKey, createPublicKey } from 'node:crypto';

/* Alipay (alipay.ts): amounts as Alipay's yuan strings, its Beijing times, and its keys in any form. */

// ---------------------------------------------------------------------------------------------
// amounts and times
// ---------------------------------------------------------------------------------------------

/** 1230 → "12.30" */
export function fenToYuan(fen: number): string {
  if (!Number.isSafeInteger(fen) || fen < 0) throw new Error(`金额无效: ${fen}`);
  return `${Math.floor(fen / 100)}.${String(fen % 100).padStart(2, '0')}`;
}

/** "12.3", "12.30", "-0.01" → 1230, 1230, -1; anything else throws (an amount is never guessed) */
export function yuanToFen(yuan: string): number {
  const match = /^(-?)(\d+)(?:\.(\d{1,2}))?$/.exec(yuan.trim());
  if (!match) throw new Error(`支付宝金额格式无效: ${yuan}`);
  const fen = Number(match[2]) * 100 + Number((match[3] ?? '').padEnd(2, '0'));
  if (!Number.isSafeInteger(fen)) throw new Error(`支付宝金额过大: ${yuan}`);
  return match[1] ? -fen : fen;
}

const shanghaiOffsetMs = 8 * 3600_000;

/** Alipay's times are Beijing time (UTC+8, no daylight saving) as "yyyy-MM-dd HH:mm:ss". */
export function toAlipayTime(at: Date): string {
  return new Date(at.getTime() + shanghaiOffsetMs).toISOString().slice(0, 19).replace('T', ' ');
}

export function fromAlipayTime(text: string | undefined): Date | undefined {
  const match = /^(\d{4}-\d{2}-\d{2})[ T](\d{2}:\d{2}:\d{2})$/.exec((text ?? '').trim());
  return match ? new Date(`${match[1]}T${match[2]}+08:00`) : undefined;
}

// ---------------------------------------------------------------------------------------------
// keys: whatever form they come in, the SDK gets PKCS#8 / SPKI PEM
// ---------------------------------------------------------------------------------------------

function der(text: string): Buffer {
  return Buffer.from(text.replace(/-----[^-]+-----/g, '').replace(/\s+/g, ''), 'base64');
}

/** A private key as PKCS#8 PEM, from PKCS#1 or PKCS#8 PEM or bare base64 DER; throws when it is not an RSA private key. */
export function normalizePrivateKey(text: string): string {
  const key = text.includes('-----BEGIN')
    ? createPrivateKey(text)
    : (() => {
        try {
          return createPrivateKey({ key: der(text), format: 'der', type: 'pkcs8' });
        } catch {
          return createPrivateKey({ key: der(text), format: 'der', type: 'pkcs1' });
        }
      })();
  if (key.asymmetricKeyType !== 'rsa') throw new Error('支付宝应用私钥须为 RSA 密钥');
  return key.export({ format: 'pem', type: 'pkcs8' }).toString();
}

/** A public key as SPKI PEM, from PEM (SPKI or PKCS#1) or bare base64 SPKI DER. */
export function normalizePublicKey(text: string): string {
  const key = text.includes('-----BEGIN') ? createPublicKey(text) : createPublicKey({ key: der(text), format: 'der', type: 'spki' });
  if (key.asymmetricKeyType !== 'rsa') throw new Error('支付宝公钥须为 RSA 密钥');
  return key.export({ format: 'pem', type: 'spki' }).toString();
}
