import fs from 'node:fs';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { openTestDatabase, testDbKind } from './harness';
import { freePort, startServer, stopAll, type ServerProcess } from './server-process';
import { migrationsHash, pgliteTemplateDir, runSuffix, tmpRoot } from './template';
import type { Database } from '../src/db/client';
import { jobQueues } from '../src/jobs';

/**
 * Prometheus metrics of a real server process (docs/deploy.md "Metrics"): on METRICS_PORT only,
 * to the bearer token only, as exposition text with the route patterns of the requests served.
 */

const token = `metrics-${randomBytes(12).toString('hex')}`;
const dataDir = path.join(tmpRoot, `metrics-run-${runSuffix(randomBytes(6).toString('hex'))}`);
let database: Database | undefined;
let server: ServerProcess | undefined;
let metricsUrl: string;

beforeAll(async () => {
  fs.mkdirSync(dataDir, { recursive: true });
  if (testDbKind === 'pglite') fs.cpSync(pgliteTemplateDir(inject('templateHash') ?? migrationsHash()), path.join(dataDir, 'pglite'), { recursive: true });
  else database = await openTestDatabase();
  const port = await freePort();
  metricsUrl = `http://127.0.0.1:${port}/metrics`;
  server = await startServer({
    name: 'metrics',
    dataDir,
    ...(database?.url ? { databaseUrl: database.url } : {}),
    env: { METRICS_PORT: String(port), METRICS_TOKEN: token },
  });
}, 120_000);

afterAll(async () => {
  await stopAll(server);
  await database?.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
}, 30_000);

/** Every line of the text format: a comment (# HELP / # TYPE) or `name{labels} value`. */
const sampleLine = /^[a-zA-Z_:][a-zA-Z0-9_:]*(\{([a-zA-Z_][a-zA-Z0-9_]*="(\\.|[^"\\])*",?)*\})? (-?[0-9.e+-]+|NaN|\+Inf|-Inf)( -?[0-9]+)?$/;
const commentLine = /^# (HELP|TYPE) [a-zA-Z_:][a-zA-Z0-9_:]* .*$/;

/** The samples of exposition text: name, labels, value. */
function samples(text: string) {
  return text
    .split('\n')
    .filter((line) => sampleLine.test(line))
    .map((line) => {
      const [, name, labelText = '', value] = /^([^{ ]+)(?:\{(.*)\})? (\S+)/.exec(line)!;
      const labels = Object.fromEntries([...labelText.matchAll(/([a-zA-Z_]\w*)="((?:\\.|[^"\\])*)"/g)].map((m) => [m[1], m[2]]));
      return { name: name!, labels, value: Number(value) };
    });
}

/** The value of the one sample with this name and (at least) these labels. */
function valueOf(text: string, name: string, labels: Record<string, string>): number | undefined {
  const found = samples(text).filter((s) => s.name === name && Object.entries(labels).every(([k, v]) => s.labels[k] === v));
  expect(found.length, `${name} ${JSON.stringify(labels)}`).toBeLessThanOrEqual(1);
  return found[0]?.value;
}

describe('metrics', () => {
  it('refuses a scrape without the token, or with another one', async () => {
    const anonymous = await fetch(metricsUrl);
    expect(anonymous.status).toBe(401);
    expect(anonymous.headers.get('www-authenticate')).toMatch(/^Bearer/);
    expect(await anonymous.text()).not.toContain('http_request_duration_seconds');
    const wrong = await fetch(metricsUrl, { headers: { authorization: `Bearer ${token}x` } });
    expect(wrong.status).toBe(401);
  });

  it('is not served on the public port', async () => {
    for (const url of ['/metrics', '/api/metrics']) {
      const response = await fetch(`${server!.url}${url}`, { headers: { authorization: `Bearer ${token}` } });
      expect(await response.text(), url).not.toContain('http_request_duration_seconds');
    }
  });

  it('gives the token valid exposition text: process figures, requests by route pattern, the queues and the outbox', async () => {
    const search = await fetch(`${server!.url}/api/open/web/device/search?keyword=xrd-${randomBytes(4).toString('hex')}`);
    expect(search.status).toBe(200);
    const missing = await fetch(`${server!.url}/api/no-such-call/${randomBytes(4).toString('hex')}`);
    expect(missing.status).toBe(404);

    const response = await fetch(metricsUrl, { headers: { authorization: `Bearer ${token}` } });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^text\/plain; version=0\.0\.4/);
    const text = await response.text();
    const lines = text.split('\n').filter(Boolean);
    expect(lines.filter((line) => !commentLine.test(line) && !sampleLine.test(line))).toEqual([]);

    expect(text).toContain('# TYPE process_cpu_user_seconds_total counter');
    expect(text).toContain('# TYPE http_request_duration_seconds histogram');
    // the pattern, without the query string; an unmatched URL under one label, never its own
    const serverLabel = { process: 'server' };
    expect(valueOf(text, 'http_request_duration_seconds_count', { ...serverLabel, method: 'GET', route: '/api/open/web/device/search', status_code: '200' })).toBe(1);
    expect(valueOf(text, 'http_request_duration_seconds_bucket', { ...serverLabel, method: 'GET', route: '/api/open/web/device/search', status_code: '200', le: '+Inf' })).toBe(1);
    expect(valueOf(text, 'http_request_duration_seconds_count', { ...serverLabel, method: 'GET', route: '(unmatched)', status_code: '404' })).toBeGreaterThanOrEqual(1);
    expect(text).not.toContain('keyword=');
    expect(text).not.toContain('no-such-call');
    for (const queue of jobQueues) {
      for (const state of ['queued', 'active', 'failed']) expect(valueOf(text, 'lab_job_queue_jobs', { ...serverLabel, queue: queue.name, state }), `${queue.name} ${state}`).toBeGreaterThanOrEqual(0);
    }
    expect(valueOf(text, 'lab_outbox_messages', { ...serverLabel, status: 'failed' })).toBe(0);
    if (testDbKind === 'postgres') expect(valueOf(text, 'lab_db_pool_connections', { ...serverLabel, state: 'total' })).toBeGreaterThanOrEqual(1);
  });
});
