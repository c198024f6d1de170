import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../src/app';
import { loadConfig } from '../src/config';
import { openTestDatabase } from './harness';

/**
 * The built site as the browser gets it: hashed assets cached for a year and sent as the
 * .br / .gz the web build writes beside them when the browser accepts that encoding.
 */
const script = 'console.log("a hashed chunk of the web build");\n'.repeat(40);
let dist: string;
let app: FastifyInstance;
let close: () => Promise<void>;

beforeAll(async () => {
  dist = fs.mkdtempSync(path.join(os.tmpdir(), 'lab-web-dist-'));
  fs.mkdirSync(path.join(dist, 'assets'));
  fs.writeFileSync(path.join(dist, 'index.html'), '<!doctype html><title>科研检测服务商城</title>');
  const chunk = path.join(dist, 'assets/index-AbC123.js');
  fs.writeFileSync(chunk, script);
  fs.writeFileSync(`${chunk}.gz`, zlib.gzipSync(script));
  fs.writeFileSync(`${chunk}.br`, zlib.brotliCompressSync(script));
  const database = await openTestDatabase();
  const config = loadConfig({ LOG_LEVEL: 'silent', DATA_DIR: path.join(dist, 'data'), SEED_DEMO: '0', WEB_DIST: dist });
  app = await buildApp({ db: database.db, config, logger: false, rateLimit: false });
  close = async () => {
    await app.close();
    await database.close();
  };
});

afterAll(async () => {
  await close();
  fs.rmSync(dist, { recursive: true, force: true });
});

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
