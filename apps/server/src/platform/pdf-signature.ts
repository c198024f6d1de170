import crypto from 'node:crypto';
import forge from 'node-forge';

/**
 * Checks the PKCS#7 detached signature of a PDF the way a reader does: the signed byte ranges'
 * SHA-256 must equal the signature's messageDigest attribute, and the signature over the signed
 * attributes must verify with the certificate's public key. Answers who signed (the certificate's
 * organisation) or why it fails; never throws on a damaged file.
 */
export type PdfSignatureCheck = { valid: true; signer: string; signedAt: Date | null } | { valid: false; reason: string };

export function checkPdfSignature(pdf: Buffer): PdfSignatureCheck {
  const at = pdf.lastIndexOf('/ByteRange');
  if (at < 0) return { valid: false, reason: '文件中没有签名' };
  const open = pdf.indexOf('[', at);
  const close = pdf.indexOf(']', open);
  const range = pdf
    .subarray(open + 1, close)
    .toString('latin1')
    .trim()
    .split(/\s+/)
    .map(Number);
  if (range.length !== 4 || range.some((n) => !Number.isSafeInteger(n) || n < 0)) return { valid: false, reason: '签名的字节范围无效' };
  const [start1, length1, start2, length2] = range as [number, number, number, number];
  if (start1 !== 0 || start2 < length1 || start2 + length2 > pdf.length) return { valid: false, reason: '签名的字节范围无效' };
  const hex = pdf.subarray(length1, start2).toString('latin1').replace(/[<>\s]/g, '');
  const signed = Buffer.concat([pdf.subarray(0, length1), pdf.subarray(start2, start2 + length2)]);
  try {
    const der = Buffer.from(hex, 'hex');
    const message = forge.pkcs7.messageFromAsn1(forge.asn1.fromDer(der.toString('binary'), { strict: false, parseAllBytes: false } as unknown as boolean)) as forge.pkcs7.PkcsSignedData & {
      rawCapture: { authenticatedAttributes?: forge.asn1.Asn1[]; signature: string };
    };
    const attributes = message.rawCapture.authenticatedAttributes;
    const cert = message.certificates[0];
    if (!attributes || !cert) return { valid: false, reason: '签名缺少签名属性或证书' };
    let digest: string | null = null;
    let signedAt: Date | null = null;
    for (const attribute of attributes) {
      const [oid, values] = attribute.value as forge.asn1.Asn1[];
      const name = forge.asn1.derToOid((oid!.value as string) ?? '');
      const first = (values!.value as forge.asn1.Asn1[])[0]!;
      if (name === forge.pki.oids.messageDigest) digest = Buffer.from(first.value as string, 'binary').toString('hex');
      if (name === forge.pki.oids.signingTime) signedAt = forge.asn1.utcTimeToDate(first.value as string);
    }
    if (digest !== crypto.createHash('sha256').update(signed).digest('hex')) return { valid: false, reason: '文件内容在签名后被改动' };
    // the signature is over the DER of the attributes as a SET
    const set = forge.asn1.create(forge.asn1.Class.UNIVERSAL, forge.asn1.Type.SET, true, attributes);
    const toVerify = Buffer.from(forge.asn1.toDer(set).getBytes(), 'binary');
    const key = crypto.createPublicKey(forge.pki.publicKeyToPem(cert.publicKey as forge.pki.rsa.PublicKey));
    const ok = crypto.verify('sha256', toVerify, key, Buffer.from(message.rawCapture.signature, 'binary'));
    if (!ok) return { valid: false, reason: '签名无法用证书验证' };
    const org = cert.subject.getField('O')?.value as string | undefined;
    return { valid: true, signer: org ? Buffer.from(org, 'binary').toString('utf8') : '', signedAt };
  } catch {
    return { valid: false, reason: '签名数据无法解析' };
  }
}
