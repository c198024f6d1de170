import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import forge from 'node-forge';
import { SignPdf } from '@signpdf/signpdf';
import { Signer } from '@signpdf/utils';

/**
 * The document seal (PRODUCT.md "outside services", decisions/0040-sealed-documents.md): the lab's
 * certificate (PKCS#12) that signs every PDF it issues, and the CJK font the PDFs are written in.
 *
 * - `LAB_SEAL_P12` (a .p12/.pfx path) and `LAB_SEAL_P12_PASSWORD`: the lab's own certificate.
 * - unset: the local provider, a self-signed certificate made at first start under
 *   `<DATA_DIR>/seal/demo-seal.p12` and kept there; its documents say 测试签章 on every page.
 * - `LAB_DOCUMENT_FONT` (default Debian's fonts-noto-cjk, NotoSansCJK-Regular.ttc) and
 *   `LAB_DOCUMENT_FONT_NAME` (the face in a .ttc/.otc collection, default NotoSansCJKsc-Regular).
 */
export interface DocumentSeal {
  /** true for the self-made certificate: every page says 测试签章 */
  readonly demo: boolean;
  /** the subject's organisation on the certificate (who signs) */
  readonly signer: string;
  /** the font file and face the PDF text is written with (checked: readable) */
  font(): { file: string; bytes: Buffer; name: string | undefined };
  /** signs a PDF that carries a signature placeholder (platform/pdf) with a PKCS#7 detached signature */
  sign(pdf: Buffer, signedAt: Date): Promise<Buffer>;
}

export const DEFAULT_DOCUMENT_FONT = '/usr/share/fonts/opentype/noto/NotoSansCJK-Regular.ttc';
export const DEFAULT_DOCUMENT_FONT_NAME = 'NotoSansCJKsc-Regular';

export interface DocumentSealSettings {
  dataDir: string;
  p12Path?: string | undefined;
  p12Password?: string | undefined;
  fontFile?: string | undefined;
  fontName?: string | undefined;
  /** the organisation written on a self-made certificate */
  labName?: string;
}

const DEMO_PASSWORD = 'demo-seal';

/** A self-signed certificate for the demo (RSA 2048, 10 years), as PKCS#12 bytes under `password`. */
export function makeSelfSignedP12(organisation: string, password: string, now = new Date()): Buffer {
  const { privateKey, publicKey } = crypto.generateKeyPairSync('rsa', { modulusLength: 2048 });
  const key = forge.pki.privateKeyFromPem(privateKey.export({ type: 'pkcs1', format: 'pem' }).toString());
  const cert = forge.pki.createCertificate();
  cert.publicKey = forge.pki.publicKeyFromPem(publicKey.export({ type: 'spki', format: 'pem' }).toString());
  cert.serialNumber = '01' + crypto.randomBytes(8).toString('hex');
  cert.validity.notBefore = new Date(now.getTime() - 24 * 3600_000);
  cert.validity.notAfter = new Date(now.getTime() + 10 * 365 * 24 * 3600_000);
  const attrs = [
    { shortName: 'CN', value: `${organisation}（测试签章）` },
    { shortName: 'O', value: organisation },
  ].map((a) => ({ ...a, valueTagClass: forge.asn1.Type.UTF8 as unknown as forge.asn1.Class }));
  attrs.push({ shortName: 'C', value: 'CN', valueTagClass: forge.asn1.Type.PRINTABLESTRING as unknown as forge.asn1.Class });
  cert.setSubject(attrs);
  cert.setIssuer(attrs);
  cert.setExtensions([
    { name: 'basicConstraints', cA: false },
    { name: 'keyUsage', digitalSignature: true, nonRepudiation: true },
  ]);
  cert.sign(key, forge.md.sha256.create());
  const p12 = forge.pkcs12.toPkcs12Asn1(key, [cert], password, { algorithm: '3des' });
  return Buffer.from(forge.asn1.toDer(p12).getBytes(), 'binary');
}

interface OpenedP12 {
  key: forge.pki.rsa.PrivateKey;
  /** the certificate of the key first, then the chain */
  certs: forge.pki.Certificate[];
  signer: string;
}

/**
 * node-forge reads a UTF8String name as its raw bytes and encodes it again on the way out, so a
 * Chinese subject would be written twice encoded (and the certificate in the signature would no
 * longer be the CA's): the names are decoded once here, so writing them gives back the same bytes.
 */
function decodeNames(cert: forge.pki.Certificate) {
  for (const name of [cert.subject, cert.issuer]) {
    for (const attribute of name.attributes) {
      if ((attribute.valueTagClass as unknown) === forge.asn1.Type.UTF8 && typeof attribute.value === 'string') {
        attribute.value = forge.util.decodeUtf8(attribute.value);
      }
    }
  }
}

/** The key and certificates of a PKCS#12; a readable error on a wrong password or a file without both. */
function openP12(p12: Buffer, password: string): OpenedP12 {
  let parsed: forge.pkcs12.Pkcs12Pfx;
  try {
    parsed = forge.pkcs12.pkcs12FromAsn1(forge.asn1.fromDer(p12.toString('binary')), false, password);
  } catch {
    throw new Error('文书签章证书无法打开：请检查 LAB_SEAL_P12 文件与 LAB_SEAL_P12_PASSWORD 密码');
  }
  const bags = (type: string) => parsed.getBags({ bagType: type })[type] ?? [];
  const key = [...bags(forge.pki.oids.pkcs8ShroudedKeyBag!), ...bags(forge.pki.oids.keyBag!)][0]?.key as forge.pki.rsa.PrivateKey | undefined;
  const certs = bags(forge.pki.oids.certBag!)
    .map((b) => b.cert)
    .filter((c): c is forge.pki.Certificate => !!c);
  certs.forEach(decodeNames);
  const own = key && certs.find((c) => (c.publicKey as forge.pki.rsa.PublicKey).n.equals(key.n));
  if (!key || !own) throw new Error('文书签章证书应为含私钥及其证书的 PKCS#12（.p12/.pfx）文件（RSA 密钥）');
  const field = (name: string) => own.subject.getField(name)?.value as string | undefined;
  return { key, certs: [own, ...certs.filter((c) => c !== own)], signer: field('O') ?? field('CN') ?? '' };
}

/** The PKCS#7 detached signature (adbe.pkcs7.detached, SHA-256) of the bytes @signpdf hands over. */
class LabSigner extends Signer {
  constructor(private readonly opened: OpenedP12) {
    super();
  }

  override async sign(pdf: Buffer, signingTime?: Date): Promise<Buffer> {
    const p7 = forge.pkcs7.createSignedData();
    p7.content = forge.util.createBuffer(pdf.toString('binary'));
    for (const cert of this.opened.certs) p7.addCertificate(cert);
    p7.addSigner({
      key: this.opened.key,
      certificate: this.opened.certs[0]!,
      digestAlgorithm: forge.pki.oids.sha256!,
      authenticatedAttributes: [
        { type: forge.pki.oids.contentType!, value: forge.pki.oids.data },
        { type: forge.pki.oids.signingTime!, value: (signingTime ?? new Date()) as unknown as string },
        { type: forge.pki.oids.messageDigest! },
      ],
    });
    p7.sign({ detached: true });
    return Buffer.from(forge.asn1.toDer(p7.toAsn1()).getBytes(), 'binary');
  }
}

/** The demo certificate of this data folder, made once (concurrent starts: the first writer wins). */
function demoP12(dataDir: string, labName: string): Buffer {
  const file = path.join(dataDir, 'seal', 'demo-seal.p12');
  if (fs.existsSync(file)) return fs.readFileSync(file);
  fs.mkdirSync(path.dirname(file), { recursive: true });
  const made = makeSelfSignedP12(labName, DEMO_PASSWORD);
  try {
    fs.writeFileSync(file, made, { flag: 'wx', mode: 0o600 });
    return made;
  } catch {
    return fs.readFileSync(file);
  }
}

/** The seal the settings name; the certificate is read (or made) on first use, so a start never waits for it. */
export function documentSeal(settings: DocumentSealSettings): DocumentSeal {
  const demo = !settings.p12Path;
  let loaded: OpenedP12 | null = null;
  let fontBytes: Buffer | null = null;
  let fontName: string | undefined;
  const load = () => {
    if (loaded) return loaded;
    if (settings.p12Path) {
      if (!fs.existsSync(settings.p12Path)) throw new Error(`文书签章证书不存在：LAB_SEAL_P12=${settings.p12Path}`);
      loaded = openP12(fs.readFileSync(settings.p12Path), settings.p12Password ?? '');
    } else {
      loaded = openP12(demoP12(settings.dataDir, settings.labName ?? '科研检测中心'), DEMO_PASSWORD);
    }
    return loaded;
  };
  return {
    demo,
    get signer() {
      return load().signer;
    },
    font() {
      const file = settings.fontFile || DEFAULT_DOCUMENT_FONT;
      if (fontBytes) return { file, bytes: fontBytes, name: fontName };
      if (!fs.existsSync(file)) {
        throw new Error(`文书字体不存在：${file}。请安装中文字体（Debian: apt-get install fonts-noto-cjk）或用 LAB_DOCUMENT_FONT 指定一个 .ttf/.otf/.ttc 字体文件`);
      }
      const collection = /\.(ttc|otc)$/i.test(file);
      // read once: a CJK collection is tens of megabytes
      fontBytes = fs.readFileSync(file);
      fontName = collection ? settings.fontName || DEFAULT_DOCUMENT_FONT_NAME : undefined;
      return { file, bytes: fontBytes, name: fontName };
    },
    async sign(pdf, signedAt) {
      return new SignPdf().sign(pdf, new LabSigner(load()), signedAt);
    },
  };
}
