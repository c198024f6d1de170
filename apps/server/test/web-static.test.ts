import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { createSiteApp } from './harness';

/**
 * The built site as the browser gets it: hashed assets cached for a year and sent as the
 * .br / .gz the web build writes beside them when the browser accepts that encoding.
 */
const script = 'console.log("a hashed chunk of the web build");\n'.repeat(40);
let app: FastifyInstance;
let close: () => Promise<void>;

beforeAll(async () => {
  ({ app, close } = await createSiteApp({
    'index.html': '<!doctype html><title>科研检测服务商城</title>',
    'assets/index-AbC123.js': script,
    'assets/index-AbC123.js.gz': zlib.gzipSync(script),
    'assets/index-AbC123.js.br': zlib.brotliCompressSync(script),
  }));
});
afterAll(() => close());

describe('the built site', () => {
  it('sends a hashed script brotli-compressed when accepted, cached for a year', async () => {
    const res = await app.inject({ url: '/assets/index-AbC123.js', headers: { 'accept-encoding': 'gzip, deflate, br' } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(res.headers.vary).toMatch(/accept-encoding/i);
    expect(zlib.brotliDecompressSync(res.rawPayload).toString()).toBe(script);
  });

  it('gzip for a browser without brotli, the plain file for one without either', async () => {
    const gz = await app.inject({ url: '/assets/index-AbC123.js', headers: { 'accept-encoding': 'gzip' } });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(zlib.gunzipSync(gz.rawPayload).toString()).toBe(script);
    const plain = await app.inject({ url: '/assets/index-AbC123.js', headers: { 'accept-encoding': 'identity' } });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(script);
  });

  it('a deep link gets the page itself, revalidated rather than cached for a year', async () => {
    const res = await app.inject({ url: '/project/1', headers: { 'accept-encoding': 'identity' } });
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('科研检测服务商城');
    expect(res.headers['cache-control']).not.toContain('immutable');
  });
});
