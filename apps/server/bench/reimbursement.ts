/**
 * The reimbursement pack's ZIP (issue 32, docs/performance.md): 3 orders' 20 report files, 60 MB in
 * all, streamed from the local file store through platform/zip-stream.ts to an HTTP client that reads
 * at its own pace. Prints the time to the first byte, the whole transfer and the server process's
 * memory growth (RSS and heap) while it streams. Prints figures; not a test.
 * `npm run bench:reimbursement -w @lab/server`
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { localFileStore } from '../src/platform/providers/file-store';
import { zipStream } from '../src/platform/zip-stream';

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-pack-'));
const store = localFileStore(dataDir);
const FILES = 20;
const BYTES = 3 * 1024 * 1024;
const names: { zipName: string; stored: string }[] = [];
for (let i = 0; i < FILES; i++) {
  const stored = `${crypto.randomBytes(12).toString('hex')}.pdf`;
  // random bytes (a report that does not compress, as PDFs and images mostly do not), written in
  // 256 KB pieces so the baseline below is not a process that once held 60 MB
  fs.mkdirSync(path.dirname(store.path('reports', stored)), { recursive: true });
  const fd = fs.openSync(store.path('reports', stored), 'w');
  for (let at = 0; at < BYTES; at += 256 * 1024) fs.writeSync(fd, crypto.randomBytes(256 * 1024));
  fs.closeSync(fd);
  names.push({ zipName: `KY2026120${i % 3}12345678/4-检测报告-${i + 1}-XRD 图谱.pdf`, stored });
}

const server = http.createServer((_req, res) => {
  const body = zipStream(
    names.map((n) => ({
      name: n.zipName,
      open: async () => (await store.open('reports', n.stored))!.body,
    })),
    (files) => [{ name: 'SHA256SUMS', text: files.map((f) => `${f.sha256}  ${f.name}`).join('\n') }],
    new Date(),
  );
  res.writeHead(200, { 'content-type': 'application/zip' });
  body.pipe(res);
});
await new Promise<void>((resolve) => server.listen(0, resolve));
const port = (server.address() as { port: number }).port;

globalThis.gc?.();
const before = process.memoryUsage();
let peakRss = before.rss;
let peakHeap = before.heapUsed;
const sample = setInterval(() => {
  const m = process.memoryUsage();
  peakRss = Math.max(peakRss, m.rss);
  peakHeap = Math.max(peakHeap, m.heapUsed);
}, 5);

const start = performance.now();
let firstByte = 0;
let received = 0;
await new Promise<void>((resolve, reject) => {
  http.get({ port, path: '/' }, (res) => {
    res.on('data', (chunk: Buffer) => {
      if (!firstByte) firstByte = performance.now() - start;
      received += chunk.length;
    });
    res.on('end', resolve);
    res.on('error', reject);
  });
});
const total = performance.now() - start;
clearInterval(sample);
server.close();
const mb = (n: number) => (n / 1024 / 1024).toFixed(1);
console.log(`${FILES} files, ${mb(FILES * BYTES)} MB in, ${mb(received)} MB ZIP out`);
console.log(`first byte ${firstByte.toFixed(0)} ms, whole ZIP ${total.toFixed(0)} ms (${mb((received / total) * 1000)} MB/s)`);
console.log(`memory growth while streaming: RSS +${mb(peakRss - before.rss)} MB, heap +${mb(peakHeap - before.heapUsed)} MB`);
fs.rmSync(dataDir, { recursive: true, force: true });
