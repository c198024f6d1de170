import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { createSiteApp } from './harness';
import { storageOrigins } from '../src/platform/security-headers';

/**
 * Every answer carries the security headers helmet gives for our options (worked out once at
 * start, docs/decisions/0014-api-speed.md): API answers of every kind, the cached public data and its 304,
 * the built site and the images. The values are helmet 8's for our options, as a browser
 * reads them.
 */
const expected = {
  'content-security-policy':
    "default-src 'self';base-uri 'self';font-src 'self' data:;form-action 'self';frame-ancestors 'self';img-src 'self' data: blob:;" +
    "object-src 'none';script-src 'self' 'wasm-unsafe-eval';script-src-attr 'none';style-src 'self' 'unsafe-inline';connect-src 'self'",
  'cross-origin-opener-policy': 'same-origin',
  'cross-origin-resource-policy': 'same-origin',
  'origin-agent-cluster': '?1',
  'referrer-policy': 'no-referrer',
  'strict-transport-security': 'max-age=31536000; includeSubDomains',
  'x-content-type-options': 'nosniff',
  'x-dns-prefetch-control': 'off',
  'x-download-options': 'noopen',
  'x-frame-options': 'SAMEORIGIN',
  'x-permitted-cross-domain-policies': 'none',
  'x-xss-protection': '0',
};

let app: FastifyInstance;
let close: () => Promise<void>;

beforeAll(async () => {
  ({ app, close } = await createSiteApp({ 'index.html': '<!doctype html><title>科研检测服务商城</title>', 'assets/index-AbC123.js': 'console.log(1);\n' }));
});
afterAll(() => close());

const secured = (response: LightMyRequestResponse) => {
  expect(response.headers).toMatchObject(expected);
  expect(response.headers['x-request-id']).toMatch(/^[\w-]{8,64}$/);
  expect(response.headers['x-powered-by']).toBeUndefined();
};

describe('security headers', () => {
  it('on API answers: data, a refusal, a bad request, an unknown call', async () => {
    const health = await app.inject({ url: '/api/health' });
    expect(health.statusCode).toBe(200);
    secured(health);
    const refused = await app.inject({ method: 'POST', url: '/api/auth/order/list4person' });
    expect(refused.statusCode).toBe(401);
    secured(refused);
    const bad = await app.inject({ url: '/api/open/web/device/detail' });
    expect(bad.statusCode).toBe(400);
    secured(bad);
    const unknown = await app.inject({ url: '/api/open/nothing-here' });
    expect(unknown.statusCode).toBe(404);
    secured(unknown);
  });

  it('on the cached public data, and on its 304', async () => {
    const home = await app.inject({ url: '/api/open/web/index' });
    expect(home.statusCode).toBe(200);
    secured(home);
    const again = await app.inject({ url: '/api/open/web/index', headers: { 'if-none-match': String(home.headers.etag) } });
    expect(again.statusCode).toBe(304);
    secured(again);
  });

  it('on the site: a script, a page the router answers, an image', async () => {
    const script = await app.inject({ url: '/assets/index-AbC123.js' });
    expect(script.statusCode).toBe(200);
    secured(script);
    const page = await app.inject({ url: '/member/order' });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('科研检测服务商城');
    secured(page);
    const image = await app.inject({ url: '/upload/img/devices/afm.svg' });
    expect(image.statusCode).toBe(200);
    secured(image);
  });

  it('with files in S3, lets the page send the data vault\'s parts to the bucket (and nowhere else without it)', () => {
    const s3 = { FILE_STORAGE: 's3', S3_BUCKET: 'lab-raw', S3_REGION: 'cn-north-1', S3_ENDPOINT: undefined, S3_FORCE_PATH_STYLE: false } as const;
    expect(storageOrigins(s3)).toEqual(['https://lab-raw.s3.cn-north-1.amazonaws.com']);
    expect(storageOrigins({ ...s3, S3_ENDPOINT: 'https://oss-cn-hangzhou.aliyuncs.com' })).toEqual(['https://lab-raw.oss-cn-hangzhou.aliyuncs.com']);
    expect(storageOrigins({ ...s3, S3_ENDPOINT: 'http://127.0.0.1:9000/', S3_FORCE_PATH_STYLE: true })).toEqual(['http://127.0.0.1:9000']);
    expect(storageOrigins({ ...s3, FILE_STORAGE: 'local' })).toEqual([]);
  });

  it('a request id the client sends is kept when it looks like one, replaced otherwise', async () => {
    const kept = await app.inject({ url: '/api/health', headers: { 'x-request-id': 'trace-1234-abcd' } });
    expect(kept.headers['x-request-id']).toBe('trace-1234-abcd');
    const replaced = await app.inject({ url: '/api/health', headers: { 'x-request-id': 'no good<>' } });
    expect(replaced.headers['x-request-id']).not.toBe('no good<>');
    expect(replaced.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
  });
});
