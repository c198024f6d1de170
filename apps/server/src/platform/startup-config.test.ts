import { describe, expect, it } from 'vitest';
import { loadConfig, startupWarnings } from './config';

/**
 * The settings that decide which doors a server opens (issue 28, holes 7, 8 and 9a): the
 * simulated gateway, the test outbox and the origin of payment URLs. The server processes that
 * start with them (one clear line, the log, the back office): test/production-start.test.ts.
 */

// what a real WeChat Pay channel needs to pass loadConfig (the files are read later, by the provider)
const wechatpay = {
  PAYMENT_WECHAT: 'wechatpay',
  WECHATPAY_MCHID: '1900000109',
  WECHATPAY_APPID: 'wx8888888888888888',
  WECHATPAY_MERCHANT_SERIAL: '5157F09EFDC096DE15EBE81A47057A7232F1B8E1',
  WECHATPAY_PRIVATE_KEY_FILE: '/etc/lab/apiclient_key.pem',
  WECHATPAY_APIV3_KEY: 'a'.repeat(32),
  WECHATPAY_PLATFORM_CERT_FILE: '/etc/lab/wechatpay.pem',
};
const keys = (config: ReturnType<typeof loadConfig>) => startupWarnings(config).map((w) => `${w.level}:${w.key}`);

describe('the simulated gateway follows demo mode, never the absence of NODE_ENV (hole 7)', () => {
  it('does not serve with SEED_DEMO=0 and NODE_ENV unset (it looked like production and credited ¥1,000,000)', () => {
    expect(loadConfig({ SEED_DEMO: '0' }).payLocalGateway).toBe(false);
    expect(loadConfig({ NODE_ENV: 'production' }).payLocalGateway).toBe(false);
    // demo mode: the default `npm start`, and a public demo that asks for it
    expect(loadConfig({}).payLocalGateway).toBe(true);
    expect(loadConfig({ NODE_ENV: 'production', SEED_DEMO: '1' }).payLocalGateway).toBe(true);
    // the explicit flag still wins, both ways
    expect(loadConfig({ SEED_DEMO: '0', PAY_LOCAL_GATEWAY: '1' }).payLocalGateway).toBe(true);
    expect(loadConfig({ PAY_LOCAL_GATEWAY: '0' }).payLocalGateway).toBe(false);
  });

  it('says so loudly (error, and an alert for the back office) when it serves outside demo mode or beside a real channel', () => {
    expect(keys(loadConfig({}))).toEqual([]);
    expect(keys(loadConfig({ SEED_DEMO: '0' }))).toEqual([]);
    expect(keys(loadConfig({ SEED_DEMO: '0', PAY_LOCAL_GATEWAY: '1' }))).toEqual(['error:simulated-gateway-outside-demo']);
    const beside = startupWarnings(loadConfig({ ...wechatpay, PUBLIC_URL: 'https://shop.example.cn' }));
    expect(beside).toEqual([expect.objectContaining({ key: 'simulated-gateway-beside-real-channel', level: 'error', alert: expect.objectContaining({ title: '模拟支付通道与真实支付通道同时开启' }) })]);
    expect(beside[0]!.log).toContain('serves 支付宝 beside the real WeChat Pay');
    // the real channel alone, the simulated gateway off: nothing to say
    expect(keys(loadConfig({ ...wechatpay, PUBLIC_URL: 'https://shop.example.cn', PAY_LOCAL_GATEWAY: '0' }))).toEqual([]);
  });
});

describe('E2E_OUTBOX, the test outbox, stays in the browser tests (hole 8)', () => {
  it('refuses to start with it in production or outside demo mode, in one line naming both settings', () => {
    expect(() => loadConfig({ E2E_OUTBOX: '1', NODE_ENV: 'production' })).toThrow(/^环境变量配置错误: E2E_OUTBOX=1 只用于浏览器测试（任何人都能读取短信验证码），不能与 NODE_ENV=production 同时设置$/);
    expect(() => loadConfig({ E2E_OUTBOX: '1', NODE_ENV: 'production', SEED_DEMO: '1' })).toThrow(/NODE_ENV=production/);
    expect(() => loadConfig({ E2E_OUTBOX: '1', SEED_DEMO: '0' })).toThrow(/不能与 SEED_DEMO=0 同时设置/);
  });

  it('starts with it in demo mode (the Playwright server) and warns at start', () => {
    const config = loadConfig({ E2E_OUTBOX: '1', SEED_DEMO: '1' });
    expect(config.E2E_OUTBOX).toBe(true);
    expect(keys(config)).toEqual(['warn:test-outbox']);
  });
});

describe('payment URLs come from PUBLIC_URL, never from a request (point 9a)', () => {
  it('a real channel needs PUBLIC_URL: the start is refused naming it', () => {
    expect(() => loadConfig(wechatpay)).toThrow(/^环境变量配置错误: PAYMENT_WECHAT=wechatpay 还需要 PUBLIC_URL$/);
    const alipay = { PAYMENT_ALIPAY: 'alipay', ALIPAY_APP_ID: '2021000000000001', ALIPAY_PRIVATE_KEY_FILE: '/k', ALIPAY_PUBLIC_KEY_FILE: '/p', ALIPAY_SELLER_ID: '2088000000000001' };
    expect(() => loadConfig(alipay)).toThrow(/PAYMENT_ALIPAY=alipay 还需要 PUBLIC_URL$/);
    expect(loadConfig({ ...alipay, PUBLIC_URL: 'https://shop.example.cn' }).siteOrigin).toBe('https://shop.example.cn');
  });

  it('PUBLIC_URL must be an http(s) address; its trailing slash goes; without it the origin is this server on localhost', () => {
    expect(() => loadConfig({ PUBLIC_URL: 'shop.example.cn' })).toThrow(/PUBLIC_URL 应为网站地址/);
    expect(() => loadConfig({ PUBLIC_URL: 'javascript:alert(1)' })).toThrow(/PUBLIC_URL 应为网站地址/);
    expect(loadConfig({ PUBLIC_URL: 'https://shop.example.cn/' }).siteOrigin).toBe('https://shop.example.cn');
    expect(loadConfig({ PORT: '3314' }).siteOrigin).toBe('http://localhost:3314');
  });
});
