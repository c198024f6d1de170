import type { Config } from './config-schema';

/** What a start must say loudly about the configuration (server.ts): a log line, and for money an alert in the back office. */
export interface StartupWarning {
  /** stable name of the condition: the back office's alert is kept per key */
  key: string;
  level: 'warn' | 'error';
  /** the log line (English, as the other operational lines) */
  log: string;
  /** for the back office (系统提醒, admins), when the condition puts money at risk */
  alert?: { title: string; content: string };
}

const realChannels = (config: Config) => [
  ...(config.PAYMENT_WECHAT === 'wechatpay' ? ['WeChat Pay (PAYMENT_WECHAT=wechatpay)'] : []),
  ...(config.PAYMENT_ALIPAY === 'alipay' ? ['Alipay (PAYMENT_ALIPAY=alipay)'] : []),
];

/**
 * The settings a start must not pass over quietly: the simulated gateway outside demo mode or
 * beside a real payment channel (its 模拟支付成功 credits any amount), and the test outbox.
 */
export function startupWarnings(config: Config): StartupWarning[] {
  const warnings: StartupWarning[] = [];
  const real = realChannels(config);
  if (config.payLocalGateway) {
    const simulated = [...(config.PAYMENT_WECHAT === 'local' ? ['微信支付'] : []), ...(config.PAYMENT_ALIPAY === 'local' ? ['支付宝'] : [])];
    if (real.length > 0 && simulated.length > 0) {
      warnings.push({
        key: 'simulated-gateway-beside-real-channel',
        level: 'error',
        log: `PAY_LOCAL_GATEWAY: the simulated gateway serves ${simulated.join(' and ')} beside the real ${real.join(' and ')}: anyone can credit any amount with 模拟支付成功. Set PAY_LOCAL_GATEWAY=0 (or configure the other channel)`,
        alert: {
          title: '模拟支付通道与真实支付通道同时开启',
          content: `本服务器已配置真实支付通道，但${simulated.join('、')}仍由模拟支付网关处理：任何人点“模拟支付成功”即可充值任意金额。请设置 PAY_LOCAL_GATEWAY=0（或为该支付方式配置真实通道）并重启服务器。`,
        },
      });
    } else if (!config.SEED_DEMO && simulated.length > 0) {
      warnings.push({
        key: 'simulated-gateway-outside-demo',
        level: 'error',
        log: 'PAY_LOCAL_GATEWAY=1 outside demo mode (SEED_DEMO=0): the simulated gateway credits any amount with 模拟支付成功. Unset it, or configure a real channel',
        alert: {
          title: '非演示模式下开启了模拟支付',
          content: `本服务器不在演示模式，但${simulated.join('、')}仍由模拟支付网关处理：任何人点“模拟支付成功”即可充值任意金额。请去掉 PAY_LOCAL_GATEWAY=1（或配置真实支付通道）并重启服务器。`,
        },
      });
    }
  }
  if (config.E2E_OUTBOX) {
    warnings.push({ key: 'test-outbox', level: 'warn', log: 'E2E_OUTBOX=1: GET /api/test/outbox shows every SMS code to anyone; it is for the browser tests only' });
  }
  return warnings;
}
