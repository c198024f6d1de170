import { createRequire } from 'node:module';
import Bowser from 'bowser';
import type IP2RegionType from 'ip2region';

/** "Chrome 131 · Windows 10" from a User-Agent header: what a person recognises of a device. */
export function describeDevice(userAgent: string | null | undefined): string {
  if (!userAgent) return '未知设备';
  const { browser, os } = Bowser.parse(userAgent);
  const browserText = browser.name ? `${browser.name}${browser.version ? ` ${browser.version.split('.')[0]}` : ''}` : '';
  const osVersion = os.versionName ?? os.version;
  const osText = os.name ? `${os.name}${osVersion ? ` ${osVersion}` : ''}` : '';
  return [browserText, osText].filter(Boolean).join(' · ') || '未知设备';
}

let regions: IP2RegionType | null = null;

/**
 * Where an address is, roughly ("上海 上海市", "美国"), from ip2region's offline database
 * (shipped in its package; loaded on first use, ~9 MB). Null for private and unknown addresses.
 */
export function placeOfAddress(ip: string | null | undefined): string | null {
  if (!ip) return null;
  try {
    if (!regions) {
      const Ctor = (createRequire(import.meta.url)('ip2region') as { default: new (options?: { disableIpv6?: boolean }) => IP2RegionType }).default;
      regions = new Ctor();
    }
    const found = regions.search(ip.replace(/^::ffff:/, ''));
    if (!found || found.city === '内网IP' || !found.country) return null;
    const parts = [found.country === '中国' ? '' : found.country, found.province, found.city !== found.province ? found.city : ''];
    const place = [...new Set(parts.filter(Boolean))].join(' ');
    return place || found.country;
  } catch {
    return null;
  }
}
