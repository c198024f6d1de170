/**
 * npm run bench -w @lab/server (or npm run bench at the root)
 *
 * 1. The home-data call (GET /api/open/web/index) of the real app on a seeded PGlite in a
 *    temp folder, beside a bare node:http server answering the same bytes: requests per
 *    second and latency p50/p99, autocannon, 32 connections, 10 s each (BENCH_SECONDS).
 * 2. The gzipped size of the JavaScript the home page loads first: the entry script and
 *    the modulepreload links of apps/web/dist/index.html (build it first:
 *    npm run build -w @lab/web).
 */
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { fileURLToPath } from 'node:url';
import type { AddressInfo } from 'node:net';
import autocannon from 'autocannon';
import { buildApp } from '../src/app';
import { loadConfig } from '../src/platform/config';
import { openDatabase } from '../src/db/client';
import { seedCatalog } from '../src/areas/catalog/catalog.seed';

const here = path.dirname(fileURLToPath(import.meta.url));
const seconds = Number(process.env.BENCH_SECONDS ?? 10);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 32);

async function cannon(url: string) {
  const result = await autocannon({ url, connections, duration: seconds, pipelining: 1 });
  return {
    rps: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    non2xx: result.non2xx + result.errors + result.timeouts,
    bytes: result.throughput.average,
  };
}

function listen(server: http.Server): Promise<string> {
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve(`http://127.0.0.1:${(server.address() as AddressInfo).port}`)));
}

async function benchHome() {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'lab-bench-'));
  const database = await openDatabase({ dataDir: dir });
  await seedCatalog(database.db);
  const config = loadConfig({ LOG_LEVEL: 'silent', DATA_DIR: dir, SEED_DEMO: '0' });
  const app = await buildApp({ db: database.db, config, logger: false, rateLimit: false });
  const appUrl = await app.listen({ port: 0, host: '127.0.0.1' });

  const first = await fetch(`${appUrl}/api/open/web/index`);
  const body = Buffer.from(await first.arrayBuffer());
  const contentType = first.headers.get('content-type') ?? 'application/json; charset=utf-8';
  const bare = http.createServer((_req, res) => {
    res.writeHead(200, { 'content-type': contentType, 'content-length': body.length });
    res.end(body);
  });
  const bareUrl = await listen(bare);

  console.log(`home data: ${body.length} bytes (${zlib.gzipSync(body).length} gzipped); ${connections} connections, ${seconds} s each; node ${process.version}, ${os.cpus().length} CPU`);
  const appResult = await cannon(`${appUrl}/api/open/web/index`);
  const bareResult = await cannon(bareUrl);
  await app.close();
  await new Promise((resolve) => bare.close(resolve));
  await database.close();
  fs.rmSync(dir, { recursive: true, force: true });

  const row = (name: string, r: typeof appResult) =>
    `${name.padEnd(34)}${r.rps.toFixed(0).padStart(10)}${`${r.p50} ms`.padStart(10)}${`${r.p99} ms`.padStart(10)}${String(r.non2xx).padStart(8)}`;
  console.log(`${''.padEnd(34)}${'req/s'.padStart(10)}${'p50'.padStart(10)}${'p99'.padStart(10)}${'errors'.padStart(8)}`);
  console.log(row('GET /api/open/web/index (app)', appResult));
  console.log(row('bare node:http, same bytes', bareResult));
  console.log(`app / bare: ${((appResult.rps / bareResult.rps) * 100).toFixed(0)}%`);
}

function homePageJs() {
  const dist = path.resolve(here, '../../web/dist');
  const indexFile = path.join(dist, 'index.html');
  if (!fs.existsSync(indexFile)) {
    console.log('\nhome-page JavaScript: apps/web/dist/index.html not found; run `npm run build -w @lab/web` first');
    return;
  }
  const html = fs.readFileSync(indexFile, 'utf8');
  const urls = new Set<string>();
  for (const tag of html.match(/<script\b[^>]*>/g) ?? []) {
    const src = /\bsrc="([^"]+)"/.exec(tag)?.[1];
    if (src && /type="module"/.test(tag)) urls.add(src);
  }
  for (const tag of html.match(/<link\b[^>]*>/g) ?? []) {
    const href = /\bhref="([^"]+)"/.exec(tag)?.[1];
    if (href && /rel="modulepreload"/.test(tag)) urls.add(href);
  }
  console.log('\nhome-page JavaScript loaded first (entry + modulepreload), from apps/web/dist:');
  let raw = 0;
  let gz = 0;
  for (const url of urls) {
    const file = path.join(dist, url.replace(/^\//, ''));
    const bytes = fs.readFileSync(file);
    const zipped = zlib.gzipSync(bytes, { level: 9 }).length;
    raw += bytes.length;
    gz += zipped;
    console.log(`  ${url.padEnd(48)}${`${(bytes.length / 1024).toFixed(1)} KiB`.padStart(12)}${`${(zipped / 1024).toFixed(1)} KiB gz`.padStart(16)}`);
  }
  console.log(`  ${'total'.padEnd(48)}${`${(raw / 1024).toFixed(1)} KiB`.padStart(12)}${`${(gz / 1024).toFixed(1)} KiB gz`.padStart(16)}`);
}

await benchHome();
homePageJs();
