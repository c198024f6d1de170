import fs from 'node:fs';
import zlib from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { REPORT_MAX_BYTES } from '../../src/areas/orders/desk/reports.service';
import { a, addressOf, asset, b, newClient, newerAsset, nginx, upstreamsOf } from './cluster-run';
import { request } from './http-client';
import { exampleFile } from './nginx';

/** nginx in front of the two instances: both serve, the metrics stay inside, the web build is compressed and cached. */
export function nginxInFront() {
  describe('nginx in front of two instances', () => {
    it('passes requests to both instances, each ready (database and S3 answering)', async () => {
      const pages = await Promise.all(Array.from({ length: 4 }, () => request(`${nginx.origin}/api/ready`, { from: newClient() })));
      for (const page of pages) expect(JSON.parse(page.body.toString())).toMatchObject({ code: 1, data: { status: 'ready', database: 'up', storage: 'up' } });
      const served = await upstreamsOf(pages.map((p) => String(p.headers['x-request-id'])));
      expect(served).toEqual(new Set([addressOf(a), addressOf(b)]));
    });

    it('keeps /api/metrics to itself: nginx answers 404, no instance is asked, however the path is written', async () => {
      const written = ['/api/metrics', '/api/metrics/', '/api//metrics', '/api/%6detrics', '/api/metrics?format=json'];
      for (const path of written) {
        const answer = await request(`${nginx.origin}${path}`, { from: newClient() });
        expect(answer.status, path).toBe(404);
        expect(String(answer.headers['content-type']), path).toMatch(/^text\/html/);
      }
      // nginx logs a request once answered: wait for the five lines
      await expect.poll(() => nginx.accessLog().filter((l) => written.includes(l.path)).map((l) => l.upstream), { timeout: 5000, interval: 20 }).toEqual(written.map(() => '-'));
      // an unknown API path is the instance's own 404 (the envelope), so the one above is nginx's
      const unknown = await request(`${nginx.origin}/api/metricz`, { from: newClient() });
      expect(unknown.status).toBe(404);
      expect(JSON.parse(unknown.body.toString())).toMatchObject({ code: 0 });
    });

    it('compresses and keeps the web build: a hashed script gzipped, cached for a year, the second time from nginx', async () => {
      const url = `${nginx.origin}/assets/${asset.name}`;
      const first = await request(url, { from: newClient(), headers: { 'accept-encoding': 'gzip' } });
      const second = await request(url, { from: newClient(), headers: { 'accept-encoding': 'gzip' } });
      for (const answer of [first, second]) {
        expect(answer.status).toBe(200);
        expect(answer.headers['content-encoding']).toBe('gzip');
        expect(answer.headers['cache-control']).toMatch(/max-age=31536000.*immutable/);
        expect(zlib.gunzipSync(answer.body).toString()).toBe(asset.body);
      }
      expect(first.body.length).toBeLessThan(asset.body.length / 10);
      expect(first.headers['x-cache-status']).toBe('MISS');
      expect(second.headers['x-cache-status']).toBe('HIT');
      // the shell: asked again each time, never kept by nginx
      const shell = await request(`${nginx.origin}/member/order`, { from: newClient() });
      expect(shell.status).toBe(200);
      expect(shell.headers['cache-control']).toBe('no-cache');
      expect(shell.body.toString()).toContain(asset.name);
    });

    it('finds a file of the newer build during a rolling deploy: the instance without it answers 404, nginx asks the other', async () => {
      // a query of its own each time, so nginx's cache does not answer: both instances are asked in turn
      const answers = await Promise.all(['1', '2', '3', '4'].map((v) => request(`${nginx.origin}/assets/${newerAsset.name}?v=${v}`, { from: newClient() })));
      for (const answer of answers) {
        expect(answer.status).toBe(200);
        expect(answer.body.toString()).toBe(newerAsset.body);
      }
      const tried = await Promise.all(answers.map(async (answer) => (await nginx.line(String(answer.headers['x-request-id']))).upstream));
      // B (without the file) first, then A: nginx names both
      expect(tried).toContain(`${addressOf(b)}, ${addressOf(a)}`);
    });

    it('takes uploads up to the largest the instances accept (client_max_body_size above REPORT_MAX_BYTES)', () => {
      const setting = /client_max_body_size (\d+)m;/.exec(fs.readFileSync(exampleFile, 'utf8'));
      const limit = Number(setting?.[1]) * 1024 * 1024;
      // the file and the multipart form around it; within a megabyte, so nginx refuses nothing the instance would take
      expect(limit).toBeGreaterThan(REPORT_MAX_BYTES + 64 * 1024);
      expect(limit).toBeLessThanOrEqual(REPORT_MAX_BYTES + 1024 * 1024);
    });
  });
}
