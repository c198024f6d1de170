import fs from 'node:fs';
import { readFile } from 'node:fs/promises';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../config';
import { localFileStore, type FileStore } from './file-store';
import type { EmailProvider, SmsProvider } from '../messaging';
import type { Db } from '../../db/client';
import type { Clock } from '../clock';
import type { PaymentProvider, PayVendor } from './payment-gateway';
import { localPaymentGateway, type LocalGateway, type NoticeSender } from './payment-local';
import { loadLocalGatewayKeys, throwawayKeys } from './local-gateway-notices';
import type { WechatMp } from './wechat-mp';

/**
 * The messaging providers the configuration chooses (README "Configuration"): the local ones
 * unless SMS_PROVIDER or EMAIL_PROVIDER name a real one (the file store: fileStoreFor). loadConfig has already
 * refused a real provider whose settings are missing, hence the non-null assertions. A vendor's
 * SDK is loaded only when it is chosen: together they add seconds to every start.
 */
/**
 * The SMS provider the configuration names (Aliyun, Tencent), or null for none: then the outbox's
 * local deliverer logs each message. Either way the services only queue a row (platform/outbox);
 * the outbox job hands it to this provider.
 */
export async function smsProviderFor(config: Config, log: FastifyBaseLogger): Promise<SmsProvider | null> {
  if (config.SMS_PROVIDER === 'aliyun') {
    const { aliyunSmsProvider } = await import('./sms-vendors');
    return aliyunSmsProvider(
      {
        accessKeyId: config.ALIYUN_SMS_ACCESS_KEY_ID!,
        accessKeySecret: config.ALIYUN_SMS_ACCESS_KEY_SECRET!,
        signName: config.SMS_SIGN_NAME!,
        endpoint: config.ALIYUN_SMS_ENDPOINT,
        templates: config.smsTemplates,
      },
      log,
    );
  }
  if (config.SMS_PROVIDER === 'tencent') {
    const { tencentSmsProvider } = await import('./sms-vendors');
    return tencentSmsProvider(
      {
        secretId: config.TENCENT_SMS_SECRET_ID!,
        secretKey: config.TENCENT_SMS_SECRET_KEY!,
        sdkAppId: config.TENCENT_SMS_SDK_APP_ID!,
        signName: config.SMS_SIGN_NAME!,
        region: config.TENCENT_SMS_REGION,
        endpoint: config.TENCENT_SMS_ENDPOINT,
        templates: config.smsTemplates,
      },
      log,
    );
  }
  return null;
}

/** The SMTP provider when configured, or null (the outbox's local deliverer logs each message). */
export async function emailProviderFor(config: Config, log: FastifyBaseLogger): Promise<EmailProvider | null> {
  if (config.EMAIL_PROVIDER === 'smtp') {
    const { smtpEmailProvider } = await import('./email-smtp');
    return smtpEmailProvider({ url: config.SMTP_URL!, from: config.MAIL_FROM! }, log);
  }
  return null;
}

/** The store the configuration names; with S3, the files still on local disk (uploaded before the switch) stay readable until copied. */
export async function fileStoreFor(config: Config): Promise<FileStore> {
  // loadConfig has refused FILE_STORAGE=s3 without S3_BUCKET
  const local = localFileStore(config.dataDir);
  if (config.FILE_STORAGE !== 's3') return local;
  // loaded only when used: the AWS SDK adds most of a second to every start
  const { s3FileStore } = await import('./file-store-s3');
  return s3FileStore(
    {
      bucket: config.S3_BUCKET!,
      region: config.S3_REGION,
      endpoint: config.S3_ENDPOINT,
      accessKeyId: config.S3_ACCESS_KEY_ID,
      secretAccessKey: config.S3_SECRET_ACCESS_KEY,
      forcePathStyle: config.S3_FORCE_PATH_STYLE,
      prefix: config.S3_PREFIX,
      urlExpiresSeconds: config.S3_URL_EXPIRES,
    },
    local,
  );
}

/** The online-payment provider of each vendor, and the local gateway when it serves (its pages). */
export interface PaymentProviders extends Record<PayVendor, PaymentProvider> {
  /** the local gateway (its checkout pages at /pay/gateway/…); null when it does not serve */
  local: LocalGateway | null;
}

/**
 * The payment providers the configuration names: the local gateway (platform/providers/payment-local.ts)
 * unless a real channel is configured. `send` delivers the local gateway's notices (app.ts: to
 * this app's own notify route, in process).
 */
export async function paymentProvidersFor(config: Config, deps: { db: Db; clock: Clock; send: NoticeSender; log: FastifyBaseLogger }): Promise<PaymentProviders> {
  // keys on disk only where the gateway serves; elsewhere (production) a throwaway pair nothing outside ever signs with
  const keys = config.payLocalGateway ? loadLocalGatewayKeys(config.dataDir) : throwawayKeys();
  const local = localPaymentGateway({ db: deps.db, clock: deps.clock, keys, send: deps.send, log: deps.log });
  // the real channels when configured (PAYMENT_WECHAT=wechatpay, PAYMENT_ALIPAY=alipay), each on its own
  const wechat: PaymentProvider = (await wechatPaymentProviderFor(config)) ?? local.providers.wechat;
  const alipay: PaymentProvider = (await alipayPaymentProviderFor(config)) ?? local.providers.alipay;
  // a vendor still on the local provider is refused while the local gateway does not serve (production)
  return { wechat, alipay, local: config.payLocalGateway ? local : null };
}

/**
 * The real WeChat Pay v3 provider when PAYMENT_WECHAT=wechatpay, or null (WeChat payments then go
 * to the local gateway). loadConfig has refused a missing setting; the key and certificate files
 * are read here, at start, so a wrong path or an expired certificate stops the start with its reason.
 */
export async function wechatPaymentProviderFor(config: Config): Promise<PaymentProvider | null> {
  if (config.PAYMENT_WECHAT !== 'wechatpay') return null;
  const [{ wechatPayProvider }, { platformKeysFrom }] = await Promise.all([import('./wechat-pay'), import('./wechat-pay-keys')]);
  const read = (file: string | undefined) => (file ? readFile(file, 'utf8') : Promise.resolve(undefined));
  const [privateKey, certificatesPem, publicKeyPem] = await Promise.all([read(config.WECHATPAY_PRIVATE_KEY_FILE), read(config.WECHATPAY_PLATFORM_CERT_FILE), read(config.WECHATPAY_PUBLIC_KEY_FILE)]);
  return wechatPayProvider({
    mchid: config.WECHATPAY_MCHID!,
    appId: config.WECHATPAY_APPID!,
    jsapi: config.WECHATPAY_JSAPI,
    merchantSerial: config.WECHATPAY_MERCHANT_SERIAL!,
    privateKey: privateKey!,
    apiV3Key: config.WECHATPAY_APIV3_KEY!,
    platformKeys: platformKeysFrom({
      ...(certificatesPem !== undefined ? { certificatesPem } : {}),
      ...(publicKeyPem !== undefined ? { publicKeyPem, publicKeyId: config.WECHATPAY_PUBLIC_KEY_ID } : {}),
    }),
    baseUrl: config.WECHATPAY_BASE_URL,
  });
}

/**
 * The real Alipay provider when PAYMENT_ALIPAY=alipay, or null (the local gateway serves the
 * 支付宝 button). loadConfig has refused the choice without its settings; a key file that cannot
 * be read or is not an RSA key stops the start here, naming the setting.
 */
export async function alipayPaymentProviderFor(config: Config): Promise<PaymentProvider | null> {
  if (config.PAYMENT_ALIPAY !== 'alipay') return null;
  const [{ alipayProvider }, { normalizePrivateKey, normalizePublicKey }] = await Promise.all([import('./alipay'), import('./alipay-formats')]);
  const key = (setting: 'ALIPAY_PRIVATE_KEY_FILE' | 'ALIPAY_PUBLIC_KEY_FILE', normalize: (text: string) => string) => {
    const file = config[setting]!;
    let text: string;
    try {
      text = fs.readFileSync(file, 'utf8');
    } catch (error) {
      throw new Error(`环境变量配置错误: ${setting} 无法读取 ${file} (${(error as NodeJS.ErrnoException).code ?? String(error)})`);
    }
    try {
      return normalize(text);
    } catch {
      throw new Error(`环境变量配置错误: ${setting} 不是有效的 RSA ${setting === 'ALIPAY_PRIVATE_KEY_FILE' ? '私钥' : '公钥'} (${file})`);
    }
  };
  return alipayProvider({
    appId: config.ALIPAY_APP_ID!,
    privateKey: key('ALIPAY_PRIVATE_KEY_FILE', normalizePrivateKey),
    alipayPublicKey: key('ALIPAY_PUBLIC_KEY_FILE', normalizePublicKey),
    sellerId: config.ALIPAY_SELLER_ID!,
    gateway: config.ALIPAY_GATEWAY,
  });
}

/**
 * The WeChat official account when WECHAT_MP_APPID is set (loadConfig has refused it without
 * WECHAT_MP_SECRET and WECHAT_MP_TOKEN), or null: the local stand-in then serves the QR login
 * (this site's confirm page) and WeChat notices are delivered by the local outbox (a log line).
 */
export async function wechatMpFor(config: Config, deps: { db: Db; clock: Clock; log: FastifyBaseLogger }): Promise<WechatMp | null> {
  if (!config.WECHAT_MP_APPID) return null;
  const { wechatMp } = await import('./wechat-mp');
  return wechatMp({
    appId: config.WECHAT_MP_APPID,
    secret: config.WECHAT_MP_SECRET!,
    token: config.WECHAT_MP_TOKEN!,
    aesKey: config.WECHAT_MP_AES_KEY,
    apiBase: config.WECHAT_MP_API_BASE,
    notices: config.WECHAT_MP_NOTICES,
    ...deps,
  });
}
