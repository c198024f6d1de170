import path from 'node:path';
import { envSchema, type Config, type Env, type SmsTemplate } from './config-schema';

export type { Config, SmsTemplate } from './config-schema';
export { startupWarnings, type StartupWarning } from './startup-warnings';

/*
 * The configuration from the environment: config-schema.ts names the variables, this file reads
 * and checks them (a provider without what it needs refuses to start), startup-warnings.ts says
 * what a start must not pass over quietly.
 */

/** What each real provider cannot start without. */
const needs: Array<[keyof Env, string, Array<keyof Env>]> = [
  ['FILE_STORAGE', 's3', ['S3_BUCKET']],
  ['EMAIL_PROVIDER', 'smtp', ['SMTP_URL', 'MAIL_FROM']],
  ['SMS_PROVIDER', 'aliyun', ['SMS_SIGN_NAME', 'ALIYUN_SMS_ACCESS_KEY_ID', 'ALIYUN_SMS_ACCESS_KEY_SECRET']],
  ['SMS_PROVIDER', 'tencent', ['SMS_SIGN_NAME', 'TENCENT_SMS_SECRET_ID', 'TENCENT_SMS_SECRET_KEY', 'TENCENT_SMS_SDK_APP_ID']],
  // a real channel sends its notices and the payer back to PUBLIC_URL, never to the Host a request named
  ['PAYMENT_WECHAT', 'wechatpay', ['WECHATPAY_MCHID', 'WECHATPAY_APPID', 'WECHATPAY_MERCHANT_SERIAL', 'WECHATPAY_PRIVATE_KEY_FILE', 'WECHATPAY_APIV3_KEY', 'PUBLIC_URL']],
  ['PAYMENT_ALIPAY', 'alipay', ['ALIPAY_APP_ID', 'ALIPAY_PRIVATE_KEY_FILE', 'ALIPAY_PUBLIC_KEY_FILE', 'ALIPAY_SELLER_ID', 'PUBLIC_URL']],
];

const templatePrefix = 'SMS_TEMPLATE_';

function readSmsTemplates(env: NodeJS.ProcessEnv): Record<string, SmsTemplate> {
  const templates: Record<string, SmsTemplate> = {};
  for (const [key, value] of Object.entries(env)) {
    if (!key.startsWith(templatePrefix) || !value) continue;
    const match = /^([^:\s]+)(?::([\w,]*))?$/.exec(value.trim());
    if (!match?.[1]) throw new Error(`环境变量配置错误: ${key} 应为 模板ID 或 模板ID:参数1,参数2`);
    const params = match[2] === undefined ? null : match[2].split(',').filter(Boolean);
    templates[key.slice(templatePrefix.length).toLowerCase()] = { id: match[1], params };
  }
  return templates;
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const first = parsed.error.issues[0];
    throw new Error(`环境变量配置错误: ${first?.path.join('.')} ${first?.message}`);
  }
  for (const [selector, value, required] of needs) {
    if (parsed.data[selector] !== value) continue;
    const missing = required.filter((key) => !parsed.data[key]);
    if (missing.length) throw new Error(`环境变量配置错误: ${selector}=${value} 还需要 ${missing.join('、')}`);
  }
  // WeChat's signatures are verified with a platform certificate or the WeChat Pay public key (with its id)
  if (parsed.data.PAYMENT_WECHAT === 'wechatpay') {
    const { WECHATPAY_PLATFORM_CERT_FILE: cert, WECHATPAY_PUBLIC_KEY_FILE: publicKey, WECHATPAY_PUBLIC_KEY_ID: publicKeyId } = parsed.data;
    if (!cert && !publicKey) throw new Error('环境变量配置错误: PAYMENT_WECHAT=wechatpay 还需要 WECHATPAY_PLATFORM_CERT_FILE 或 WECHATPAY_PUBLIC_KEY_FILE');
    if (publicKey && !publicKeyId) throw new Error('环境变量配置错误: WECHATPAY_PUBLIC_KEY_FILE 还需要 WECHATPAY_PUBLIC_KEY_ID');
  }
  // the official account: its secret for the access token, its Token for the callbacks' signatures
  if (parsed.data.WECHAT_MP_APPID) {
    const missing = (['WECHAT_MP_SECRET', 'WECHAT_MP_TOKEN'] as const).filter((key) => !parsed.data[key]);
    if (missing.length) throw new Error(`环境变量配置错误: WECHAT_MP_APPID 还需要 ${missing.join('、')}`);
  }
  // metrics are never anonymous (docs/deploy.md "Metrics")
  if (parsed.data.METRICS_PORT !== undefined && !parsed.data.METRICS_TOKEN) throw new Error('环境变量配置错误: METRICS_PORT 还需要 METRICS_TOKEN');
  const production = parsed.data.NODE_ENV === 'production';
  const demo = parsed.data.SEED_DEMO ?? !production;
  // the test outbox shows every SMS code to anyone: only for the browser tests' own demo server (docs/security.md)
  if (parsed.data.E2E_OUTBOX && (production || !demo)) {
    throw new Error(`环境变量配置错误: E2E_OUTBOX=1 只用于浏览器测试（任何人都能读取短信验证码），不能与 ${production ? 'NODE_ENV=production' : 'SEED_DEMO=0'} 同时设置`);
  }
  // the simulated gateway follows demo mode: a server without the demo data must not credit money for a button
  const payLocalGateway = parsed.data.PAY_LOCAL_GATEWAY === undefined ? demo : parsed.data.PAY_LOCAL_GATEWAY === '1';
  const siteOrigin = parsed.data.PUBLIC_URL ? parsed.data.PUBLIC_URL.replace(/\/+$/, '') : `http://localhost:${parsed.data.PORT}`;
  return { ...parsed.data, SEED_DEMO: demo, production, payLocalGateway, siteOrigin, dataDir: path.resolve(parsed.data.DATA_DIR), smsTemplates: readSmsTemplates(env) };
}

/** A configuration error ("环境变量配置错误: …") as one line on stderr and exit 1, without a stack; anything else is thrown. */
export function loadConfigOrExit(env: NodeJS.ProcessEnv): Config {
  try {
    return loadConfig(env);
  } catch (error) {
    if (!(error instanceof Error) || !error.message.startsWith('环境变量配置错误')) throw error;
    process.stderr.write(`${error.message}\n`);
    process.exit(1);
  }
}
