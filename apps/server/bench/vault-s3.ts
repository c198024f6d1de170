/**
 * The data vault's upload on S3 (issue 35 "Speed", docs/performance.md). Prints figures; not a test.
 * `npm run bench:vault-s3 -w @lab/server` (needs the built server: `node scripts/build.mjs server`,
 * and PostgreSQL at BENCH_DATABASE_URL, default postgres://postgres@127.0.0.1:5432/postgres).
 *
 * Three processes, each measured on its own from /proc (RSS sampled every 50 ms, CPU time):
 * - the built server (`node dist/server.js`, FILE_STORAGE=s3, jobs in process, a database of its own);
 * - s3rver (bench/s3rver-process.ts), the storage;
 * - this process, the browser: it asks the server to start the upload, then 4 workers at a time
 *   (as the admin page's DIRECT_PARTS_AT_ONCE) ask the server to sign a part, PUT its 8 MB
 *   straight to s3rver and report the ETag back; then `complete` with the SHA-256, and the
 *   server's `vault-verify` job reads the object back from s3rver and hashes it.
 * Then the same parts PUT to s3rver without the server (this process signs the URLs with the same
 * provider), and the object read back and hashed here: the storage's own pace, to compare with.
 * BENCH_VAULT_GB (default 2) sets the size; BENCH_VAULT_BARE=0 leaves out the s3rver-alone half. The server's
 * V8 heap and its memory outside the heap are read from its metrics port (prom-client) every 250 ms.
 */
import { spawn } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { eq } from 'drizzle-orm';
import { VAULT_PART_BYTES } from '@lab/contract';
import { openDatabase } from '../src/db/client';
import { newOrderNo } from '../src/areas/orders/order-core';
import { orders } from '../src/areas/orders/orders.tables';
import { vaultFiles } from '../src/areas/vault/vault.tables';
import { s3FileStore } from '../src/platform/providers/file-store-s3';
import { makeMember, makeStaff } from '../test/factories';
import { freePort, startServer } from '../test/server-process';

const GB = Number(process.env.BENCH_VAULT_GB ?? 2);
const SIZE = Math.round(GB * 1024 ** 3);
const PARTS = Math.ceil(SIZE / VAULT_PART_BYTES);
const AT_ONCE = 4;
const BUCKET = 'lab-files';
const mb = (n: number) => (n / 1024 / 1024).toFixed(1);
const load = () => os.loadavg()[0]!.toFixed(1);

// ---- what a process uses, from /proc
const TICK = 100; // clock ticks a second (getconf CLK_TCK on Linux)
const rssOf = (pid: number) => {
  const line = fs.readFileSync(`/proc/${pid}/status`, 'utf8').match(/VmRSS:\s+(\d+) kB/);
  return Number(line?.[1] ?? 0) * 1024;
};
const cpuOf = (pid: number) => {
  const fields = fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(')')[1]!.trim().split(/\s+/);
  return (Number(fields[11]) + Number(fields[12])) / TICK; // utime + stime, seconds
};
class Watch {
  samples: { at: number; rss: number }[] = [];
  private timer: NodeJS.Timeout;
  constructor(readonly pid: number) {
    this.timer = setInterval(() => this.samples.push({ at: performance.now(), rss: rssOf(pid) }), 50);
  }
  /** the peak RSS between two moments (performance.now()) */
  peak(from: number, to = Infinity) {
    return Math.max(...this.samples.filter((s) => s.at >= from && s.at <= to).map((s) => s.rss));
  }
  stop() {
    clearInterval(this.timer);
  }
}

// ---- a part's bytes: a 64 KB random block repeated, with the part number and offset written in
const block = randomBytes(64 * 1024);
const partBytes = (part: number, size = SIZE) => {
  const length = Math.min(VAULT_PART_BYTES, size - (part - 1) * VAULT_PART_BYTES);
  const bytes = Buffer.allocUnsafe(length);
  for (let at = 0; at < length; at += block.length) {
    block.copy(bytes, at, 0, Math.min(block.length, length - at));
    if (length - at >= 8) {
      bytes.writeUInt32BE(part, at);
      bytes.writeUInt32BE(at, at + 4);
    }
  }
  return bytes;
};

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
const p99 = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length * 0.99)]!;

/** Runs `work(part)` for parts 1..count, `AT_ONCE` at a time. */
async function inParallel(count: number, work: (part: number) => Promise<void>) {
  let next = 1;
  await Promise.all(
    Array.from({ length: AT_ONCE }, async () => {
      while (next <= count) await work(next++);
    }),
  );
}

const adminUrl = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const dbName = `bench_vault_s3_${process.pid}`;
const databaseUrl = (() => {
  const url = new URL(adminUrl);
  url.pathname = `/${dbName}`;
  return url.toString();
})();
const withAdmin = async (sql: string) => {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
};

const runDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-vault-s3-'));
console.log(`${GB} GB in ${PARTS} parts of 8 MB through the S3 flow, ${AT_ONCE} parts at once; load average at start ${os.loadavg().map((n) => n.toFixed(1)).join(' ')}; free on ${os.tmpdir()}: ${mb(fs.statfsSync(os.tmpdir()).bavail * fs.statfsSync(os.tmpdir()).bsize)} MB`);

// the client's SHA-256 of the whole file, as the browser's hash-wasm computes it while uploading (not timed)
const wholeHash = createHash('sha256');
for (let part = 1; part <= PARTS; part++) wholeHash.update(partBytes(part));
const sha256 = wholeHash.digest('hex');

await withAdmin(`create database "${dbName}"`);
const s3Dir = path.join(runDir, 's3rver');
fs.mkdirSync(s3Dir);
const s3 = spawn(process.execPath, ['--import', 'tsx', path.join(import.meta.dirname, 's3rver-process.ts'), s3Dir, BUCKET], { stdio: ['pipe', 'pipe', 'inherit'] });
const s3Port = await new Promise<number>((resolve, reject) => {
  s3.stdout.once('data', (chunk: Buffer) => resolve((JSON.parse(chunk.toString()) as { port: number }).port));
  s3.once('exit', (code) => reject(new Error(`s3rver exited (${code})`)));
});
const endpoint = `http://127.0.0.1:${s3Port}`;
const s3Env = { FILE_STORAGE: 's3', S3_BUCKET: BUCKET, S3_ENDPOINT: endpoint, S3_REGION: 'us-east-1', S3_ACCESS_KEY_ID: 'S3RVER', S3_SECRET_ACCESS_KEY: 'S3RVER', S3_FORCE_PATH_STYLE: '1' };
const webDir = path.join(runDir, 'web');
fs.mkdirSync(webDir);
fs.writeFileSync(path.join(webDir, 'index.html'), '<!doctype html><html><head><title>bench</title></head><body><div id="root"></div></body></html>\n');
// the server's own view of its memory (prom-client's default metrics on the metrics port): V8's heap and
// the memory outside it (Buffers), to tell what an RSS peak is made of
const metricsPort = await freePort();
const metricsToken = randomBytes(16).toString('hex');
const heapOf = async () => {
  const text = await (await fetch(`http://127.0.0.1:${metricsPort}/metrics`, { headers: { authorization: `Bearer ${metricsToken}` } })).text();
  const value = (name: string) => Number(text.match(new RegExp(`^${name}(?:\\{[^}]*\\})? (\\S+)`, 'm'))?.[1] ?? NaN);
  return { heap: value('nodejs_heap_size_used_bytes'), heapTotal: value('nodejs_heap_size_total_bytes'), external: value('nodejs_external_memory_bytes') };
};
const server = await startServer({
  name: 'bench',
  databaseUrl,
  dataDir: path.join(runDir, 'data'),
  readyPath: '/api/ready',
  timeoutMs: 120_000,
  env: { METRICS_PORT: String(metricsPort), METRICS_HOST: '127.0.0.1', METRICS_TOKEN: metricsToken, NODE_ENV: 'production', SECRET_KEY: randomBytes(32).toString('hex'), JOBS_IN_PROCESS: '1', WEB_DIST: webDir, WEB_SSR: path.join(runDir, 'no-ssr.js'), ...s3Env },
});
const database = await openDatabase({ url: databaseUrl, poolSize: 2 });

try {
  const { db } = database;
  const lab = await makeStaff(db, 'lab');
  const member = await makeMember(db);
  const [order] = await db
    .insert(orders)
    .values({ orderNo: newOrderNo(new Date()), memberId: member.id, title: 'SEM 原始数据', lineCount: 1, sampleCount: 1, totalFen: 100_00, progress: 'testing', payment: 'paid' })
    .returning();

  const serverCall = async <T>(call: string, form: Record<string, string | number>) => {
    const response = await fetch(`${server.url}/api/admin/vault/upload/${call}`, {
      method: 'POST',
      headers: { token: lab.token, 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams(Object.entries(form).map(([k, v]) => [k, String(v)])).toString(),
    });
    const body = (await response.json()) as { code: number; msg: string; data: T };
    if (body.code !== 1) throw new Error(`${call}: ${response.status} ${body.msg}`);
    return body.data;
  };
  const verified = async (rid: string) => {
    for (;;) {
      const [row] = await db.select({ state: vaultFiles.state }).from(vaultFiles).where(eq(vaultFiles.rid, rid));
      if (row?.state === 'verified') return;
      if (row?.state === 'mismatch') throw new Error('the server found the hash wrong');
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  };

  /** the whole flow through the server: start, sign/PUT/report each part, complete, the verify job */
  const upload = async (size: number, parts: number, hash: string, name: string) => {
    const timings = { sign: [] as number[], put: [] as number[], report: [] as number[] };
    const cpu = () => ({ server: cpuOf(server.pid), s3: cpuOf(s3.pid!) });
    const cpus = [cpu()];
    /** the server's RSS as each quarter of the parts is done: flat, or growing with the bytes? */
    const quarters: number[] = [];
    let done = 0;
    const started = await serverCall<{ rid: string; partCount: number }>('start', { order_no: order!.orderNo, instrument: 'SEM', name, size });
    if (started.partCount !== parts) throw new Error(`partCount ${started.partCount}`);
    const t0 = performance.now();
    await inParallel(parts, async (part) => {
      let at = performance.now();
      const { url } = await serverCall<{ url: string }>('part-url', { rid: started.rid, part });
      timings.sign.push(performance.now() - at);
      const bytes = partBytes(part, size);
      at = performance.now();
      const put = await fetch(url, { method: 'PUT', body: bytes });
      if (put.status !== 200) throw new Error(`PUT part ${part}: ${put.status}`);
      await put.arrayBuffer();
      timings.put.push(performance.now() - at);
      at = performance.now();
      await serverCall('part-done', { rid: started.rid, part, etag: put.headers.get('etag')! });
      timings.report.push(performance.now() - at);
      done++;
      if (done % Math.max(1, Math.floor(parts / 4)) === 0 && quarters.length < 4) quarters.push(rssOf(server.pid));
    });
    const t1 = performance.now();
    cpus.push(cpu());
    await serverCall('complete', { rid: started.rid, sha256: hash });
    const t2 = performance.now();
    cpus.push(cpu());
    await verified(started.rid);
    const t3 = performance.now();
    cpus.push(cpu());
    /** CPU seconds of [server, s3rver] in each phase: the parts, complete, the verify job */
    const phases = [1, 2, 3].map((i) => `${(cpus[i]!.server - cpus[i - 1]!.server).toFixed(1)} s / ${(cpus[i]!.s3 - cpus[i - 1]!.s3).toFixed(1)} s`);
    return { rid: started.rid, timings, t0, t1, t2, t3, phases, quarters };
  };

  // warm-up: 3 parts, so the code the flow loads (the AWS SDK's signer, the verify job) is in before the baseline
  const warmSize = 2 * VAULT_PART_BYTES + 1000;
  const warmHash = createHash('sha256')
    .update(Buffer.concat([1, 2, 3].map((part) => partBytes(part, warmSize))))
    .digest('hex');
  await upload(warmSize, 3, warmHash, 'warm-up.bin');

  const heapSamples: { at: number; heap: number; heapTotal: number; external: number }[] = [];
  const heapTimer = setInterval(() => void heapOf().then((m) => heapSamples.push({ at: performance.now(), ...m }), () => undefined), 250);
  const heapPeak = (key: 'heap' | 'heapTotal' | 'external', from: number, to = Infinity) => Math.max(...heapSamples.filter((m) => m.at >= from && m.at <= to).map((m) => m[key]));
  const watchServer = new Watch(server.pid);
  const watchS3 = new Watch(s3.pid!);
  await new Promise((resolve) => setTimeout(resolve, 2000));
  const baseServer = Math.max(...watchServer.samples.map((s) => s.rss));
  const baseS3 = Math.max(...watchS3.samples.map((s) => s.rss));
  const baseHeap = { heap: heapPeak('heap', 0), heapTotal: heapPeak('heapTotal', 0), external: heapPeak('external', 0) };
  const cpu0 = { server: cpuOf(server.pid), s3: cpuOf(s3.pid!), me: process.cpuUsage() };
  console.log(`\nthrough the server (load ${load()}): server RSS at rest ${mb(baseServer)} MB, s3rver ${mb(baseS3)} MB`);
  const run = await upload(SIZE, PARTS, sha256, 'SEM-2GB.tif');
  const cpu1 = { server: cpuOf(server.pid), s3: cpuOf(s3.pid!), me: process.cpuUsage(cpu0.me) };
  const uploadSeconds = (run.t1 - run.t0) / 1000;
  console.log(`  parts PUT: ${uploadSeconds.toFixed(1)} s (${mb(SIZE / uploadSeconds)} MB/s); complete ${((run.t2 - run.t1) / 1000).toFixed(1)} s; the verify job (read back and hashed by the server) ${((run.t3 - run.t2) / 1000).toFixed(1)} s (${mb(SIZE / ((run.t3 - run.t2) / 1000))} MB/s)`);
  console.log(`  per part, median / p99: the server signing ${median(run.timings.sign).toFixed(1)} / ${p99(run.timings.sign).toFixed(1)} ms, the PUT to s3rver ${median(run.timings.put).toFixed(0)} / ${p99(run.timings.put).toFixed(0)} ms, the server recording the ETag ${median(run.timings.report).toFixed(1)} / ${p99(run.timings.report).toFixed(1)} ms`);
  const waitServer = run.timings.sign.reduce((s, x) => s + x, 0) + run.timings.report.reduce((s, x) => s + x, 0);
  const waitS3 = run.timings.put.reduce((s, x) => s + x, 0);
  console.log(`  the workers' time: ${((100 * waitServer) / (waitServer + waitS3)).toFixed(1)} % waiting on the server, ${((100 * waitS3) / (waitServer + waitS3)).toFixed(1)} % on s3rver`);
  console.log(`  CPU over upload + verify: server ${(cpu1.server - cpu0.server).toFixed(1)} s, s3rver ${(cpu1.s3 - cpu0.s3).toFixed(1)} s, the client ${((cpu1.me.user + cpu1.me.system) / 1e6).toFixed(1)} s`);
  console.log(`  CPU server / s3rver: the parts ${run.phases[0]}, complete ${run.phases[1]}, the verify job ${run.phases[2]}`);
  console.log(`  server RSS: peak during the parts +${mb(watchServer.peak(run.t0, run.t1) - baseServer)} MB, during the verify job +${mb(watchServer.peak(run.t2, run.t3) - baseServer)} MB, after ${mb(rssOf(server.pid))} MB (load ${load()})`);
  for (const [phase, from, to] of [['the parts', run.t0, run.t1], ['the verify job', run.t2, run.t3]] as const) {
    console.log(`  server's own memory during ${phase} (peaks over rest): V8 heap used +${mb(heapPeak('heap', from, to) - baseHeap.heap)} MB, heap reserved +${mb(heapPeak('heapTotal', from, to) - baseHeap.heapTotal)} MB, outside the heap (Buffers) +${mb(heapPeak('external', from, to) - baseHeap.external)} MB`);
  }
  clearInterval(heapTimer);
  console.log(`  server RSS as each quarter of the parts was done: ${run.quarters.map((rss) => `${rss >= baseServer ? '+' : ''}${mb(rss - baseServer)} MB`).join(', ')}`);
  console.log(`  s3rver RSS: peak +${mb(watchS3.peak(run.t0, run.t3) - baseS3)} MB`);

  // the storage alone: the same parts PUT straight to s3rver, signed here, then read back and hashed here
  if (process.env.BENCH_VAULT_BARE !== '0') {
  const store = s3FileStore({ bucket: BUCKET, region: 'us-east-1', endpoint, accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER', forcePathStyle: true, prefix: 'bare/', urlExpiresSeconds: 900 }, null);
  const cpu2 = { s3: cpuOf(s3.pid!) };
  const b0 = performance.now();
  const uploadId = await store.multipart.start('vault', 'bare.bin', 'application/octet-stream');
  const etags: { partNumber: number; etag: string }[] = [];
  await inParallel(PARTS, async (part) => {
    const url = await store.multipart.partUrl('vault', 'bare.bin', uploadId, part, 900);
    const put = await fetch(url!, { method: 'PUT', body: partBytes(part) });
    await put.arrayBuffer();
    etags.push({ partNumber: part, etag: put.headers.get('etag')! });
  });
  const b1 = performance.now();
  await store.multipart.complete('vault', 'bare.bin', uploadId, etags.sort((a, b) => a.partNumber - b.partNumber));
  const b2 = performance.now();
  const opened = await store.open('vault', 'bare.bin');
  const check = createHash('sha256');
  for await (const chunk of opened!.body) check.update(chunk as Buffer);
  const b3 = performance.now();
  const bareSeconds = (b1 - b0) / 1000;
  console.log(`\ns3rver alone (load ${load()}): parts PUT ${bareSeconds.toFixed(1)} s (${mb(SIZE / bareSeconds)} MB/s), complete ${((b2 - b1) / 1000).toFixed(1)} s, read back and hashed ${((b3 - b2) / 1000).toFixed(1)} s (${check.digest('hex') === sha256 ? 'hash right' : 'HASH WRONG'}); s3rver CPU ${(cpuOf(s3.pid!) - cpu2.s3).toFixed(1)} s`);
  console.log(`  the flow through the server took ${((100 * uploadSeconds) / bareSeconds).toFixed(0)} % of s3rver's own time for the parts`);
  }
  watchServer.stop();
  watchS3.stop();
} finally {
  await database.close();
  await server.stop();
  s3.stdin.end();
  await new Promise((resolve) => s3.once('exit', resolve));
  await withAdmin(`drop database if exists "${dbName}" with (force)`);
  fs.rmSync(runDir, { recursive: true, force: true });
}
