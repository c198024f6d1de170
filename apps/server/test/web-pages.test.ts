import { createHash } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { bannerAddBody } from '@lab/contract';
import { buildApp } from '../src/app';
import { loadConfig } from '../src/platform/config';
import type { Database } from '../src/db/client';
import { addBanner } from '../src/areas/content/home-blocks.service';
import { makeLoggedInMember } from './factories';
import { openTestDatabase } from './harness';

/**
 * The public pages the server draws (apps/web/src/entry-server.tsx; here a stand-in with the
 * same contract that draws the banners' titles from the real home data): cached per content
 * version like the home data — an edit shows on the next request, on this instance or another
 * on the same database — and drawn from public calls only, whoever asks.
 */

const inlineScript = "document.documentElement.setAttribute('data-test', '')";
const template = `<!doctype html><html><head><title>科研检测服务商城</title><script>${inlineScript}</script></head><body><div id="root"></div></body></html>`;

// The stand-in: draws '/' and '/project…' from the home data, says what a member-only call
// answered it, and counts its drawings so the test sees what was cached.
const renderer = `
let drawn = 0;
export function createRenderer({ template, manifest, api }) {
  if (!manifest['index.html']) throw new Error('no manifest');
  const draws = (url) => url === '/' || url.startsWith('/project');
  return {
    // as the real one: the app's addresses, the drawn pages with the query parameters they read
    addresses: [
      { path: '/', page: { query: [] } },
      { path: '/project', page: { query: ['keyword', 'fail'] } },
      { path: '/member/order', page: null },
      { path: '/detail/:rid', page: null },
      { path: '/admin', page: null },
      { path: '/admin/*', page: null },
    ],
    // the shell with the not-found title where the app's router has no page — which, as the
    // app's own router before its back office's screens join it on first use, includes /admin/…
    notFoundPage(url) {
      return url.startsWith('/nowhere') || url.startsWith('/admin/') ? template.replace(/<title>[^<]*</, '<title>页面不存在 - 科研检测服务商城<') : null;
    },
    // as the real one: a query parameter the page does not read (here, any but keyword and fail) is not part of it
    pageUrl(url) {
      const [path, query = ''] = url.split('?');
      if (!draws(path)) return null;
      const given = new URLSearchParams(query);
      const kept = new URLSearchParams();
      for (const key of ['keyword', 'fail']) if (given.has(key)) kept.set(key, given.get(key));
      return kept.size ? path + '?' + kept : path;
    },
    async render(url) {
      if (!draws(url) || url.includes('fail')) return null;
      const home = JSON.parse((await api({ method: 'GET', url: '/api/open/web/index' })).body);
      const member = await api({ method: 'POST', url: '/api/auth/user/info' });
      const titles = home.data.bannerArr.map((banner) => banner.title).join('|');
      drawn += 1;
      return template.replace('<div id="root"></div>', () => '<div id="root"><p data-drawing="' + drawn + '" data-member-call="' + member.status + '">' + titles + '</p></div>');
    },
  };
}
`;

let dir: string;
let database: Database;
let a: FastifyInstance;
let b: FastifyInstance;

async function instance(ssr: string) {
  const config = loadConfig({ LOG_LEVEL: 'silent', DATA_DIR: path.join(dir, 'data'), SEED_DEMO: '0', WEB_DIST: path.join(dir, 'dist'), WEB_SSR: ssr });
  const app = await buildApp({ db: database.db, config, logger: false, rateLimit: false });
  await app.ready();
  return app;
}

beforeAll(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'lab-web-pages-'));
  fs.mkdirSync(path.join(dir, 'dist/.vite'), { recursive: true });
  fs.mkdirSync(path.join(dir, 'dist/assets'));
  fs.writeFileSync(path.join(dir, 'dist/index.html'), template);
  fs.writeFileSync(path.join(dir, 'dist/.vite/manifest.json'), JSON.stringify({ 'index.html': { file: 'assets/index-AbC.js', isEntry: true } }));
  fs.writeFileSync(path.join(dir, 'entry-server.mjs'), renderer);
  fs.writeFileSync(path.join(dir, 'broken-entry.mjs'), 'export const createRenderer = () => { throw new Error("broken build"); };');
  database = await openTestDatabase();
  [a, b] = await Promise.all([instance(path.join(dir, 'entry-server.mjs')), instance(path.join(dir, 'entry-server.mjs'))]);
  await addBanner(database.db, bannerAddBody.parse({ img: '/upload/img/banners/banner-1.svg', title: '第一幅' }), '');
});

afterAll(async () => {
  await Promise.all([a?.close(), b?.close()]);
  await database?.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

const get = (app: FastifyInstance, url: string, headers: Record<string, string> = {}) =>
  app.inject({ url, headers: { 'accept-encoding': 'identity', ...headers } });
const drawing = (body: string) => Number(/data-drawing="(\d+)"/.exec(body)?.[1]);

describe('a public page the server draws', () => {
  it('is sent drawn, revalidated, with a tag, and drawn once per content version', async () => {
    const first = await get(a, '/');
    expect(first.statusCode).toBe(200);
    expect(first.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(first.headers['cache-control']).toBe('no-cache');
    expect(first.headers.vary).toMatch(/accept-encoding/i);
    expect(first.body).toContain('>第一幅</p>');
    const again = await get(a, '/');
    expect(drawing(again.body)).toBe(drawing(first.body));
    expect(again.headers.etag).toBe(first.headers.etag);
  });

  it('is one drawing whatever the address carries that the page does not read (a share link’s from=, utm_…)', async () => {
    const plain = await get(a, '/');
    const shared = await get(a, '/?from=singlemessage&utm_source=wx');
    expect(shared.statusCode).toBe(200);
    expect(drawing(shared.body)).toBe(drawing(plain.body));
    expect(shared.headers.etag).toBe(plain.headers.etag);
  });

  it('answers 304 to a browser holding the same page', async () => {
    const first = await get(a, '/project');
    const cached = await get(a, '/project', { 'if-none-match': String(first.headers.etag) });
    expect(cached.statusCode).toBe(304);
    expect(cached.body).toBe('');
  });

  it('is sent as brotli or gzip when the browser takes it', async () => {
    const plain = (await get(a, '/')).body;
    const br = await get(a, '/', { 'accept-encoding': 'gzip, deflate, br' });
    expect(br.headers['content-encoding']).toBe('br');
    expect(zlib.brotliDecompressSync(br.rawPayload).toString()).toBe(plain);
    const gz = await get(a, '/', { 'accept-encoding': 'gzip' });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(zlib.gunzipSync(gz.rawPayload).toString()).toBe(plain);
  });

  it('lets index.html’s inline script run by its hash, and no other inline script', async () => {
    const csp = String((await get(a, '/')).headers['content-security-policy']);
    const hash = createHash('sha256').update(inlineScript).digest('base64');
    const scriptSrc = /script-src ([^;]+)/.exec(csp)?.[1];
    expect(scriptSrc).toBe(`'self' 'wasm-unsafe-eval' 'sha256-${hash}'`);
  });

  it('shows a content edit at once, on the instance that made it and on another one', async () => {
    const beforeA = await get(a, '/');
    const beforeB = await get(b, '/');
    await addBanner(database.db, bannerAddBody.parse({ img: '/upload/img/banners/banner-2.svg', title: '第二幅' }), '');
    for (const app of [a, b]) {
      const page = await get(app, '/');
      expect(page.body).toContain('>第一幅|第二幅</p>');
    }
    expect((await get(a, '/')).headers.etag).not.toBe(beforeA.headers.etag);
    expect((await get(b, '/')).headers.etag).not.toBe(beforeB.headers.etag);
  });

  it('is the same page for a member: the visitor’s token never reaches the calls it is drawn from', async () => {
    const member = await makeLoggedInMember(database.db);
    const anonymous = await get(a, '/project?keyword=XRD');
    expect(anonymous.body).toContain('data-member-call="401"');
    const asMember = await get(a, '/project?keyword=XRD', { token: member.token, cookie: `token=${member.token}` });
    expect(asMember.body).toBe(anonymous.body);
    const fresh = await get(b, '/project?keyword=member', { token: member.token });
    expect(fresh.body).toContain('data-member-call="401"');
  });
});

describe('every other route, and a page that could not be drawn', () => {
  it('gets the bare shell, as before', async () => {
    for (const url of ['/member/order', '/detail/abc', '/project?fail=1']) {
      const res = await get(a, url);
      expect(res.statusCode, url).toBe(200);
      expect(res.body, url).toBe(template);
      expect(res.headers['cache-control'], url).toBe('no-cache');
    }
  });

  it('every address of the app answers 200 with its shell on a reload, the back office’s deep links included', async () => {
    for (const url of ['/admin', '/admin/orders', '/admin/finance/prestore?status=1', '/admin/members/m-123/orders', '/member/order']) {
      for (const method of ['GET', 'HEAD'] as const) {
        const res = await a.inject({ method, url, headers: { 'accept-encoding': 'identity' } });
        expect(res.statusCode, `${method} ${url}`).toBe(200);
        expect(res.headers['content-type'], url).toMatch(/^text\/html/);
        expect(res.headers['cache-control'], url).toBe('no-cache');
        if (method === 'GET') expect(res.body, url).toBe(template);
      }
    }
  });

  it('sends a client that takes no compression the page as drawn, the same bytes every time', async () => {
    const br = await a.inject({ url: '/', headers: { 'accept-encoding': 'br' } });
    const plain = await a.inject({ url: '/' });
    expect(plain.statusCode).toBe(200);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.headers.etag).toBe(br.headers.etag);
    expect(plain.body).toBe(zlib.brotliDecompressSync(br.rawPayload).toString());
    expect(plain.body).toContain('data-drawing=');
    expect((await a.inject({ url: '/' })).body).toBe(plain.body);
  });

  it('an address the app has no page for is 404, titled as the not-found page', async () => {
    const res = await get(a, '/nowhere/at-all?x=1');
    expect(res.statusCode).toBe(404);
    expect(res.headers['content-type']).toMatch(/^text\/html/);
    expect(res.headers['cache-control']).toBe('no-cache');
    expect(res.body).toContain('<title>页面不存在 - 科研检测服务商城</title>');
    expect(res.body).toContain('<div id="root"></div>');
  });

  it('a build that does not load leaves the site working on the bare shell', async () => {
    const broken = await instance(path.join(dir, 'broken-entry.mjs'));
    try {
      const res = await get(broken, '/');
      expect(res.statusCode).toBe(200);
      expect(res.body).toBe(template);
    } finally {
      await broken.close();
    }
  });

  it('an API address no call has: 401 under /api/auth and /api/admin without a login (as every address there), 404 in the envelope otherwise', async () => {
    for (const url of ['/api/auth/no-such-call', '/api/admin/no-such-call']) {
      const res = await get(a, url);
      expect(res.statusCode, url).toBe(401);
      expect(JSON.parse(res.body), url).toMatchObject({ code: 0, msg: '请先登录' });
    }
    const res = await get(a, '/api/open/no-such-call');
    expect(res.statusCode).toBe(404);
    expect(JSON.parse(res.body)).toMatchObject({ code: 0, msg: '请求的内容不存在' });
  });

  it('a script or style sheet the build does not have is 404, not the page', async () => {
    const res = await get(a, '/assets/index-Gone123.js');
    expect(res.statusCode).toBe(404);
    expect(res.headers['content-type']).not.toMatch(/html/);
  });
});

/** The kinds of hook fastify runs for a route, as its printRoutes lists them (in order, once each). */
function hooksOf(app: FastifyInstance, route: string): string[] {
  const lines = app.printRoutes({ includeHooks: true, commonPrefix: false }).split('\n');
  const at = lines.findIndex((line) => line.replace(/^[\s│├└─]+/, '') === route);
  expect(at, `${route} is a route`).toBeGreaterThan(-1);
  const hooks: string[] = [];
  for (const line of lines.slice(at + 1)) {
    const hook = /• \((\w+)\)/.exec(line)?.[1];
    if (!hook) break;
    hooks.push(hook);
  }
  return hooks;
}

describe('what a page runs', () => {
  it('what every answer needs (security headers, request id), none of the API’s input checks, guard or consent gate', async () => {
    // the API refuses a query with text PostgreSQL cannot store or bytes that are not UTF-8; a page reads none of it
    for (const url of ['/?from=%00', '/?from=%FF', '/admin/orders?x=%00']) {
      const res = await get(a, url);
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['content-security-policy'], url).toContain("script-src 'self'");
      expect(res.headers['x-request-id'], url).toBeTruthy();
    }
    expect((await get(a, '/api/open/web/index?from=%00')).statusCode).toBe(400);
    // fastify's own account of each route's hooks: a page the security headers' onRequest and the
    // closing onSend only (no rate limit either); an API call its checks, guard and consent gate too
    for (const route of ['/ (GET)', 'project (GET)', 'detail/:rid (GET)', 'member/order (GET)']) expect(hooksOf(a, route), route).toEqual(['onRequest', 'onSend']);
    expect(hooksOf(a, 'api/open/web/index (GET)')).toEqual(['onRequest', 'preValidation', 'preHandler', 'onSend']);
  });
});
