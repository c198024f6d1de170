import { describe, expect, it } from 'vitest';
import { detectPayDevice, fallbackScene, payResultPath, payScene } from './pay-scene';

const desktopChrome = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';
const iphoneSafari = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1';
const androidWechat = 'Mozilla/5.0 (Linux; Android 14; V2309A) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/116 Mobile Safari/537.36 XWEB/1160065 MMWEBSDK/20231202 MicroMessenger/8.0.47.2560(0x28002F35) WeChat/arm64 Weixin';

describe('pay scene', () => {
  it('tells a computer, a phone (by agent or by width) and WeChat apart', () => {
    expect(detectPayDevice(desktopChrome, false)).toBe('desktop');
    expect(detectPayDevice(desktopChrome, true)).toBe('phone');
    expect(detectPayDevice(iphoneSafari, false)).toBe('phone');
    expect(detectPayDevice(androidWechat, false)).toBe('wechat');
  });

  it('WeChat: QR on a computer, H5 in a phone browser, JSAPI inside WeChat (H5 when refused); Alipay: page on a computer, wap on a phone', () => {
    expect(payScene('wechat', 'desktop')).toBe('native');
    expect(payScene('wechat', 'phone')).toBe('h5');
    expect(payScene('wechat', 'wechat')).toBe('jsapi');
    expect(payScene('alipay', 'desktop')).toBe('page');
    expect(payScene('alipay', 'phone')).toBe('wap');
    expect(payScene('alipay', 'wechat')).toBe('wap');
    expect(fallbackScene('jsapi')).toBe('h5');
    expect(fallbackScene('native')).toBeNull();
    expect(payResultPath('OP 1')).toBe('/pay/result?payment_no=OP%201');
  });
});
