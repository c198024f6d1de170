import { z } from 'zod';

/*
 * The environment variables the server reads (README, docs/deploy.md), as one zod schema, and
 * the configuration they become. config.ts reads and checks them (loadConfig).
 */

const flag = z
  .enum(['0', '1', 'true', 'false'])
  .default('0')
  .transform((v) => v === '1' || v === 'true');

export const envSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().default('0.0.0.0'),
  /** where PGlite keeps its files and the local file provider keeps uploads */
  DATA_DIR: z.string().default('./data'),
  /** a real PostgreSQL instead of PGlite */
  DATABASE_URL: z.string().optional(),
  /** at start, how many times to try DATABASE_URL, the first wait between tries (doubling) */
  DB_CONNECT_ATTEMPTS: z.coerce.number().int().min(1).default(6),
  DB_CONNECT_RETRY_MS: z.coerce.number().int().min(0).default(1000),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /**
   * the site's public origin (https://shop.example.cn), used in the links the server makes (payment notify and return
   * URLs, QR codes, e-mails); needed with a real payment channel. Never taken from a request's Host header for money
   */
  PUBLIC_URL: z.url({ protocol: /^https?$/, error: '应为网站地址，如 https://shop.example.cn' }).optional(),
  /** the host images and files are served from (spec: a separate file host); default this server */
  FILE_HOST: z.string().default(''),
  /** the built web app; served with history fallback when present */
  WEB_DIST: z.string().optional(),
  /** the web app's server build (entry-server.js): the public pages are sent drawn when present */
  WEB_SSR: z.string().optional(),
  /** `production` turns demo mode off unless SEED_DEMO says otherwise, and keeps the staff routes out of the public API document */
  NODE_ENV: z.string().default('development'),
  /**
   * Demo mode, the one switch: seed the demo data into an empty database, and let the demo
   * staff accounts (README's passwords) log in. On by default except when NODE_ENV=production.
   */
  SEED_DEMO: z
    .enum(['0', '1', 'true', 'false'])
    .optional()
    .transform((v) => (v === undefined ? undefined : v === '1' || v === 'true')),
  /**
   * with the demo data (SEED_DEMO), two years of the lab's history: a few thousand orders and
   * hundreds of customers, so the site's figures read like a lab in business (seed/history.seed.ts).
   * 0: only the demo accounts' own few orders (the browser tests)
   */
  SEED_HISTORY: z
    .enum(['0', '1'])
    .default('1')
    .transform((v) => v === '1'),
  /** the key that encrypts staff TOTP secrets (any text of 32+ characters); default: DATA_DIR/secret.key, made once */
  SECRET_KEY: z.string().min(32, { error: '至少32个字符' }).optional(),
  /** browser tests only: GET /api/test/outbox shows the local SMS outbox to anyone; refused with NODE_ENV=production or outside demo mode */
  E2E_OUTBOX: z
    .enum(['0', '1'])
    .default('0')
    .transform((v) => v === '1'),
  /** background jobs (outbox, nightly checks, reminders) run in the server process; 0: only in `npm run worker` processes */
  JOBS_IN_PROCESS: z
    .enum(['0', '1', 'true', 'false'])
    .default('1')
    .transform((v) => v === '1' || v === 'true'),
  /**
   * how often (seconds) a working process looks at the job schedules and sends what fell due
   * (pg-boss's cron intervals, 1–45; unset: pg-boss's 30 s pass, 5 s send). Any number of
   * processes may look; a due job is still sent once.
   */
  JOBS_CRON_SECONDS: z.coerce.number().int().min(1).max(45).optional(),
  /** Prometheus metrics on a port of their own (never the public one); needs METRICS_TOKEN. Unset: no metrics */
  METRICS_PORT: z.coerce.number().int().min(0).max(65535).optional(),
  /** the metrics port's interface; default HOST */
  METRICS_HOST: z.string().min(1).optional(),
  /** the bearer token a scrape must send (Authorization: Bearer …), 16+ characters */
  METRICS_TOKEN: z.string().min(16, { error: '至少16个字符' }).optional(),
  /**
   * /api/ready answers 503 while the disk of DATA_DIR has less free than this (MB; 0: not checked),
   * and the start says so: PGlite's files and local uploads are written there
   */
  DISK_MIN_FREE_MB: z.coerce.number().int().min(0).default(100),
  /** on SIGTERM/SIGINT, how long requests and jobs in hand may take to finish before the process exits anyway */
  SHUTDOWN_TIMEOUT_MS: z.coerce.number().int().min(1000).default(25_000),
  /** how many reverse proxies to trust for the client's address */
  TRUST_PROXY: z.coerce.number().int().min(0).default(0),

  // ---- outside services: the local providers are the default (README, docs/deploy.md) ----
  /** the lab's document seal: a PKCS#12 (.p12/.pfx) with its key and certificate; unset: a demo certificate made under DATA_DIR/seal (测试签章 on every page) */
  LAB_SEAL_P12: z.string().min(1).optional(),
  LAB_SEAL_P12_PASSWORD: z.string().optional(),
  /** the font sealed documents are written in (Chinese text); default Debian's fonts-noto-cjk */
  LAB_DOCUMENT_FONT: z.string().min(1).optional(),
  /** the face inside a .ttc/.otc collection; default NotoSansCJKsc-Regular */
  LAB_DOCUMENT_FONT_NAME: z.string().min(1).optional(),
  /** where uploads are kept: `local` (DATA_DIR/files) or `s3` (any S3-compatible service: the S3_* settings) */
  FILE_STORAGE: z.enum(['local', 's3']).default('local'),
  S3_BUCKET: z.string().min(1).optional(),
  S3_REGION: z.string().min(1).default('us-east-1'),
  /** the service's origin (OSS, COS, MinIO); unset: AWS itself */
  S3_ENDPOINT: z.url().optional(),
  /** unset: the AWS SDK's own chain (AWS_ACCESS_KEY_ID…, an instance role) */
  S3_ACCESS_KEY_ID: z.string().min(1).optional(),
  S3_SECRET_ACCESS_KEY: z.string().min(1).optional(),
  /** bucket in the path rather than the host name (MinIO, most self-hosted services) */
  S3_FORCE_PATH_STYLE: flag,
  /** put before every key, so one bucket can hold several shops */
  S3_PREFIX: z.string().default(''),
  /** how long a presigned download link works, in seconds */
  S3_URL_EXPIRES: z.coerce.number().int().min(1).max(604800).default(300),
  /** `local` (the outbox table and a log line) or `smtp` (SMTP_URL, MAIL_FROM) */
  EMAIL_PROVIDER: z.enum(['local', 'smtp']).default('local'),
  /** smtps://user:password@smtp.example.com:465 (or smtp://… :587, upgraded by STARTTLS) */
  SMTP_URL: z.string().regex(/^smtps?:\/\//, { error: '以 smtp:// 或 smtps:// 开头' }).optional(),
  /** the sender, e.g. 科研检测 <noreply@example.com> */
  MAIL_FROM: z.string().min(3).optional(),
  /** `local` (the outbox table and a log line), `aliyun` or `tencent`; templates: SMS_TEMPLATE_<KIND> */
  SMS_PROVIDER: z.enum(['local', 'aliyun', 'tencent']).default('local'),
  /** the approved signature (签名) the vendor puts in front of every message */
  SMS_SIGN_NAME: z.string().min(1).optional(),
  ALIYUN_SMS_ACCESS_KEY_ID: z.string().min(1).optional(),
  ALIYUN_SMS_ACCESS_KEY_SECRET: z.string().min(1).optional(),
  /** a host name, or a URL with http:// for a local peer */
  ALIYUN_SMS_ENDPOINT: z.string().min(1).default('dysmsapi.aliyuncs.com'),
  TENCENT_SMS_SECRET_ID: z.string().min(1).optional(),
  TENCENT_SMS_SECRET_KEY: z.string().min(1).optional(),
  /** the SMS application's SdkAppId (短信应用 ID) */
  TENCENT_SMS_SDK_APP_ID: z.string().min(1).optional(),
  TENCENT_SMS_REGION: z.string().min(1).default('ap-guangzhou'),
  TENCENT_SMS_ENDPOINT: z.string().min(1).default('sms.tencentcloudapi.com'),
  /**
   * the local payment gateway (docs/payments.md: a page on this server with 模拟支付 buttons): 1 serves it,
   * 0 refuses online payment while no real channel is configured; default: demo mode (SEED_DEMO), never the mere absence of NODE_ENV
   */
  PAY_LOCAL_GATEWAY: z.enum(['0', '1']).optional(),
  /** an online payment not paid within this many minutes is closed at the gateway and here */
  PAY_EXPIRE_MINUTES: z.coerce.number().int().min(5).max(120).default(30),

  // ---- WeChat Pay v3 (docs/payments.md "WeChat Pay v3") ----
  /** who takes WeChat payments: `local` (the local gateway's 模拟支付 page) or `wechatpay` (the real API: the WECHATPAY_* settings) */
  PAYMENT_WECHAT: z.enum(['local', 'wechatpay']).default('local'),
  /** 商户号 */
  WECHATPAY_MCHID: z.string().regex(/^\d{6,32}$/, { error: '应为数字商户号' }).optional(),
  /** the app id payments are made under (公众号/小程序/移动应用 bound to the merchant) */
  WECHATPAY_APPID: z.string().min(1).max(32).optional(),
  /** 1: offer JSAPI (inside WeChat): WECHATPAY_APPID is the 公众号/小程序 whose openids the site has */
  WECHATPAY_JSAPI: flag,
  /** the merchant API certificate's serial (商户API证书序列号) */
  WECHATPAY_MERCHANT_SERIAL: z.string().regex(/^[0-9A-Fa-f]{8,64}$/, { error: '应为十六进制证书序列号' }).optional(),
  /** apiclient_key.pem: the merchant API private key */
  WECHATPAY_PRIVATE_KEY_FILE: z.string().min(1).optional(),
  /** the APIv3 key (APIv3密钥), 32 characters: decrypts the notifies */
  WECHATPAY_APIV3_KEY: z
    .string()
    .refine((key) => Buffer.byteLength(key) === 32, { error: '应为32字节' })
    .optional(),
  /** the platform certificate(s) (平台证书, PEM; several in one file during a rotation): WeChat's answers and notifies are verified with it */
  WECHATPAY_PLATFORM_CERT_FILE: z.string().min(1).optional(),
  /** or the WeChat Pay public key (微信支付公钥, PEM) and its id (PUB_KEY_ID_…); either or both */
  WECHATPAY_PUBLIC_KEY_FILE: z.string().min(1).optional(),
  WECHATPAY_PUBLIC_KEY_ID: z.string().min(1).optional(),
  /** the API's origin; the tests point it at a local peer */
  WECHATPAY_BASE_URL: z.url().default('https://api.mch.weixin.qq.com'),
  // ---- Alipay (docs/payments.md "Alipay") ----
  /** who serves the 支付宝 button: `local` (this server's simulated gateway) or `alipay` (Alipay itself: the ALIPAY_* settings) */
  PAYMENT_ALIPAY: z.enum(['local', 'alipay']).default('local'),
  /** the 开放平台 app's APPID (2021…) */
  ALIPAY_APP_ID: z.string().regex(/^\d{6,32}$/, { error: '应为数字 APPID' }).optional(),
  /** the app's private key file: PEM, PKCS#1 (RSA PRIVATE KEY) or PKCS#8 (PRIVATE KEY), or the bare base64 the key tool writes */
  ALIPAY_PRIVATE_KEY_FILE: z.string().min(1).optional(),
  /** Alipay's public key file (支付宝公钥, shown beside the app's public key in the console): verifies answers and notifies */
  ALIPAY_PUBLIC_KEY_FILE: z.string().min(1).optional(),
  /** the merchant's PID (2088…, 16 digits): every notice's seller_id must be this */
  ALIPAY_SELLER_ID: z.string().regex(/^2088\d{12}$/, { error: '应为 2088 开头的16位 PID' }).optional(),
  /** the OpenAPI gateway; the sandbox's (https://openapi-sandbox.dl.alipaydev.com/gateway.do) or a local peer's in tests */
  ALIPAY_GATEWAY: z.url().default('https://openapi.alipay.com/gateway.do'),
  // ---- WeChat official account (公众号: QR login, service notices; docs/deploy.md "WeChat official account") ----
  /** the official account's AppID; set with WECHAT_MP_SECRET and WECHAT_MP_TOKEN, the QR login and the WeChat notices go through the account (unset: the local stand-in) */
  WECHAT_MP_APPID: z.string().regex(/^wx[0-9a-f]{16}$/, { error: '应为 wx 开头的18位 AppID' }).optional(),
  /** the AppSecret (开发者密码) */
  WECHAT_MP_SECRET: z.string().min(1).optional(),
  /** the Token of 服务器配置: WeChat signs every callback with it */
  WECHAT_MP_TOKEN: z.string().regex(/^[A-Za-z0-9]{3,32}$/, { error: '应为3–32位字母或数字' }).optional(),
  /** the EncodingAESKey (43 characters) of 服务器配置 in 安全模式; unset: 明文模式 */
  WECHAT_MP_AES_KEY: z.string().regex(/^[A-Za-z0-9]{43}$/, { error: '应为43位字母或数字' }).optional(),
  /** the API's origin; the tests point it at a local peer */
  WECHAT_MP_API_BASE: z.url().default('https://api.weixin.qq.com'),
  /** how the account sends service notices, per its type: template (模板消息) or subscribe (订阅通知, message/subscribe/bizsend) */
  WECHAT_MP_NOTICES: z.enum(['template', 'subscribe'], { error: '应为 template 或 subscribe' }).default('template'),
});

/** The variables as the schema reads them. */
export type Env = z.infer<typeof envSchema>;

/**
 * The vendor's template for one kind of message (the `template` a service sends, e.g.
 * verify_code): `SMS_TEMPLATE_VERIFY_CODE=SMS_154950909`, or with the parameters it takes, in
 * order, `…=1234567:code,minutes` (Tencent's templates number their parameters; Aliyun's are
 * sent by name, and only those listed).
 */
export interface SmsTemplate {
  id: string;
  params: string[] | null;
}

export type Config = Omit<Env, 'SEED_DEMO'> & {
  SEED_DEMO: boolean;
  /** PAY_LOCAL_GATEWAY resolved: the local gateway serves (in demo mode, unless asked otherwise) */
  payLocalGateway: boolean;
  /**
   * The origin of the links the server makes for money (payment notify and return URLs, the local
   * gateway's checkout page): PUBLIC_URL without a trailing slash, else http://localhost:PORT —
   * never a request's Host header (docs/security.md). Without PUBLIC_URL only the local gateway
   * serves (a real channel needs it), whose notices reach this app in process.
   */
  siteOrigin: string;
  production: boolean;
  dataDir: string;
  /** SMS_TEMPLATE_<KIND>, by kind in lower case (verify_code, order_paid…) */
  smsTemplates: Record<string, SmsTemplate>;
};
