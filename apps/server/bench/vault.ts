/**
 * The data vault (issue 35, docs/performance.md). Prints figures; not a test.
 * `npm run bench:vault -w @lab/server`
 *
 * 1. Listing: a member's vault of 2,000 files in 20 orders on PostgreSQL (BENCH_ONLY=PGlite or
 *    both with BENCH_ONLY=all): 数据保管箱's first and last page of 100, one order's files, and the
 *    JSON manifest of all 2,000 (what sendSums reads), each 300 times, median and p99.
 * 2. Upload: BENCH_VAULT_GB (default 2) GB through the server's upload path on the local store —
 *    8 MB parts streamed in order into the staging file (FileStore.multipart.write, as
 *    upload/part does), completed, then read back and hashed as the verify job does — with the
 *    process's memory growth (RSS, heap) sampled every 5 ms. With S3 the bytes never reach the
 *    server (the browser PUTs them to presigned URLs), so this is the path where they do.
 */
import { createHash, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { VAULT_PART_BYTES } from '@lab/contract';
import { makeMember, makeStaff } from '../test/factories';
import { newOrderNo } from '../src/areas/orders/order-core';
import { orders } from '../src/areas/orders/orders.tables';
import { memberFiles } from '../src/areas/vault/member-vault.service';
import { hashStored } from '../src/areas/vault/vault-core';
import { vaultFiles } from '../src/areas/vault/vault.tables';
import { localFileStore } from '../src/platform/providers/file-store';
import { onEachDatabase } from './databases';

const FILES = 2_000;
const ORDERS = 20;
const RUNS = 300;

const stats = (times: number[]) => {
  const sorted = [...times].sort((a, b) => a - b);
  return `median ${sorted[Math.floor(sorted.length / 2)]!.toFixed(1)} ms, p99 ${sorted[Math.floor(sorted.length * 0.99)]!.toFixed(1)} ms`;
};
const time = async (label: string, work: () => Promise<unknown>) => {
  for (let i = 0; i < 10; i++) await work();
  const times: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    const start = performance.now();
    await work();
    times.push(performance.now() - start);
  }
  console.log(`  ${label}: ${stats(times)} (${RUNS} runs)`);
};

console.log(`load average at start: ${os.loadavg().map((n) => n.toFixed(1)).join(' ')}`);
await onEachDatabase(
  'vault',
  async (label, { db }) => {
    const member = await makeMember(db);
    const lab = await makeStaff(db, 'lab');
    const now = new Date();
    const orderRows = await db
      .insert(orders)
      .values(Array.from({ length: ORDERS }, (_, i) => ({ orderNo: newOrderNo(now), memberId: member.id, title: `SEM ${i}`, lineCount: 1, sampleCount: 5, totalFen: 100_00, progress: 'delivered' as const, payment: 'paid' as const })))
      .returning();
    for (let start = 0; start < FILES; start += 500) {
      await db.insert(vaultFiles).values(
        Array.from({ length: 500 }, (_, j) => {
          const i = start + j;
          const rid = randomBytes(10).toString('hex');
          return {
            rid,
            orderId: orderRows[i % ORDERS]!.id,
            memberId: member.id,
            sampleCode: `${orderRows[i % ORDERS]!.orderNo}-1-${(i % 5) + 1}`,
            instrument: 'SEM Sigma 300',
            description: '二次电子像',
            name: `SEM-${String(i).padStart(4, '0')}.tif`,
            size: 50 * 1024 * 1024,
            sha256Claimed: createHash('sha256').update(rid).digest('hex'),
            sha256Verified: createHash('sha256').update(rid).digest('hex'),
            state: 'verified' as const,
            storageKey: `${rid}.bin`,
            partSize: VAULT_PART_BYTES,
            retentionEnd: new Date(now.getTime() + 180 * 86_400_000),
            uploadedBy: lab.id,
            uploadedAt: now,
            verifiedAt: now,
            createdAt: now,
          };
        }),
      );
    }
    console.log(`\n${label}: a vault of ${FILES} files in ${ORDERS} orders (load ${os.loadavg()[0]!.toFixed(1)})`);
    await time('数据保管箱 first page (100 files)', () => memberFiles(db, member.id, { page: 1, pageSize: 100 }));
    await time('数据保管箱 last page (100 files)', () => memberFiles(db, member.id, { page: FILES / 100, pageSize: 100 }));
    await time('one order (100 files)', () => memberFiles(db, member.id, { order_no: orderRows[7]!.orderNo, page: 1, pageSize: 100 }));
    console.log(`  (load average after: ${os.loadavg()[0]!.toFixed(1)})`);
  },
  { only: process.env.BENCH_ONLY ?? 'PostgreSQL' },
);

// ---- 2: the upload path's memory
const gb = Number(process.env.BENCH_VAULT_GB ?? 2);
if (gb > 0) {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-vault-'));
  const store = localFileStore(dataDir);
  const size = Math.round(gb * 1024 ** 3);
  const parts = Math.ceil(size / VAULT_PART_BYTES);
  // one 64 KB block of random bytes, sent again and again with its position written in (the bytes differ, nothing is held)
  const block = randomBytes(64 * 1024);
  const partStream = (part: number, bytes: number) =>
    Readable.from(
      (function* () {
        for (let at = 0; at < bytes; at += block.length) {
          const chunk = Buffer.from(block.subarray(0, Math.min(block.length, bytes - at)));
          chunk.writeUInt32BE(part, 0);
          chunk.writeUInt32BE(at, 4);
          yield chunk;
        }
      })(),
      { objectMode: false },
    );
  globalThis.gc?.();
  const before = process.memoryUsage();
  let peakRss = before.rss;
  let peakHeap = before.heapUsed;
  const sampler = setInterval(() => {
    const m = process.memoryUsage();
    peakRss = Math.max(peakRss, m.rss);
    peakHeap = Math.max(peakHeap, m.heapUsed);
  }, 5);
  console.log(`\nupload: ${gb} GB in ${parts} parts of 8 MB on the local store (load ${os.loadavg()[0]!.toFixed(1)})`);
  const start = performance.now();
  const uploadId = await store.multipart.start('vault', 'big.bin', 'application/octet-stream');
  for (let part = 1; part <= parts; part++) {
    const bytes = Math.min(VAULT_PART_BYTES, size - (part - 1) * VAULT_PART_BYTES);
    await store.multipart.write('vault', 'big.bin', uploadId, part, VAULT_PART_BYTES, partStream(part, bytes), bytes);
  }
  await store.multipart.complete('vault', 'big.bin', uploadId, []);
  const uploaded = performance.now() - start;
  const hashed = await hashStored(store, { storageKey: 'big.bin' });
  const total = performance.now() - start;
  clearInterval(sampler);
  const mb = (n: number) => (n / 1024 / 1024).toFixed(1);
  console.log(`  written in ${(uploaded / 1000).toFixed(1)} s (${mb((size / uploaded) * 1000)} MB/s), read back and hashed in ${((total - uploaded) / 1000).toFixed(1)} s (${hashed?.size === size ? 'size right' : 'SIZE WRONG'})`);
  console.log(`  memory growth: RSS +${mb(peakRss - before.rss)} MB, heap +${mb(peakHeap - before.heapUsed)} MB (load ${os.loadavg()[0]!.toFixed(1)})`);
  fs.rmSync(dataDir, { recursive: true, force: true });
}
