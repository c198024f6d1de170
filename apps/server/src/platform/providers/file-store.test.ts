import { execFile } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import { randomBytes } from 'node:crypto';
import type { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { localFileStore } from './file-store';
import { startS3Peer } from '../../../test/s3-peer';
import { tmpRoot } from '../../../test/template';
import { builtEntry, nodeFlags } from '../../../test/built-server';

/**
 * The S3 file store against a real S3 peer (s3rver, started here): uploads, downloads, presigned
 * links fetched over HTTP (and refused once expired), removal, the local fallback for files kept
 * on disk before the switch, and `npm run files:to-s3`, which copies those into the bucket.
 */
let peer: Awaited<ReturnType<typeof startS3Peer>>;
beforeAll(async () => {
  peer = await startS3Peer();
});
afterAll(() => peer.close());

const bytesOf = async (body: Readable) => {
  const chunks: Buffer[] = [];
  for await (const chunk of body) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
};
const pdf = (text: string) => Buffer.from(`%PDF-1.4\n% ${text}\n%%EOF\n`);
const freshDir = () => path.join(tmpRoot, `file-store-${process.pid}-${randomBytes(4).toString('hex')}`);

describe('files in an S3 bucket', () => {
  it('stores, reads and removes a file under <prefix><folder>/<name>', async () => {
    const store = peer.store(null, 'shop-a/');
    const body = pdf('检测报告 XRD');
    await store.put('reports', 'r1-0123456789abcdefghij.pdf', body, 'application/pdf');
    expect(store.key('reports', 'r1-0123456789abcdefghij.pdf')).toBe('shop-a/reports/r1-0123456789abcdefghij.pdf');
    expect(await store.has('reports', 'r1-0123456789abcdefghij.pdf')).toBe(true);
    // another prefix is another shop: it does not see the file
    expect(await peer.store(null, 'shop-b/').has('reports', 'r1-0123456789abcdefghij.pdf')).toBe(false);
    const opened = await store.open('reports', 'r1-0123456789abcdefghij.pdf');
    expect(opened?.size).toBe(body.length);
    expect((await bytesOf(opened!.body)).equals(body)).toBe(true);
    await store.remove('reports', 'r1-0123456789abcdefghij.pdf');
    expect(await store.open('reports', 'r1-0123456789abcdefghij.pdf')).toBeNull();
    // removing what is already gone is not an error
    await store.remove('reports', 'r1-0123456789abcdefghij.pdf');
  });

  it('a presigned link downloads the bytes over plain HTTP, under the download name, and is refused once it has expired', async () => {
    const store = peer.store();
    const body = pdf('presigned');
    await store.put('reports', 'r2-0123456789abcdefghij.pdf', body, 'application/pdf');
    const url = await store.presignedUrl('reports', 'r2-0123456789abcdefghij.pdf', { downloadName: '检测报告-LAB2026.pdf', type: 'application/pdf' });
    expect(url).toContain('X-Amz-Expires=300');
    const response = await fetch(url);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('application/pdf');
    expect(response.headers.get('content-disposition')).toBe(`attachment; filename*=UTF-8''${encodeURIComponent('检测报告-LAB2026.pdf')}`);
    expect(Buffer.from(await response.arrayBuffer()).equals(body)).toBe(true);

    // a link for one second: wait until the service refuses it (it stops working by itself)
    const short = await store.presignedUrl('reports', 'r2-0123456789abcdefghij.pdf', { expiresIn: 1 });
    let refused: Response | null = null;
    for (const started = Date.now(); !refused && Date.now() - started < 10_000; ) {
      const attempt = await fetch(short);
      if (attempt.status === 403) refused = attempt;
      else await attempt.arrayBuffer();
    }
    expect(refused?.status).toBe(403);
    expect(await refused!.text()).toContain('<Message>Request has expired</Message>');
  });

  it('a file kept on local disk before the switch is read from there until it is copied; removing removes both', async () => {
    const dataDir = freshDir();
    const local = localFileStore(dataDir);
    const store = peer.store(local);
    const old = pdf('uploaded before S3');
    await local.put('invoices', 'old-0123456789abcdefghij.pdf', old, 'application/pdf');
    expect(await store.has('invoices', 'old-0123456789abcdefghij.pdf')).toBe(false);
    expect((await bytesOf((await store.open('invoices', 'old-0123456789abcdefghij.pdf'))!.body)).equals(old)).toBe(true);
    await store.remove('invoices', 'old-0123456789abcdefghij.pdf');
    expect(await store.open('invoices', 'old-0123456789abcdefghij.pdf')).toBeNull();
    expect(fs.existsSync(local.path('invoices', 'old-0123456789abcdefghij.pdf'))).toBe(false);
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it('npm run files:to-s3 copies the local files into the bucket under the same names, and a second run copies nothing', async () => {
    const dataDir = freshDir();
    const local = localFileStore(dataDir);
    const files = [
      ['reports', 'a-0123456789abcdefghij.pdf', pdf('report a')],
      ['receipts', 'b-0123456789abcdefghij.png', Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 1, 2, 3])],
      ['images', 'c-0123456789abcdefghij.webp', Buffer.from('RIFF\0\0\0\0WEBPVP8 ')],
    ] as const;
    for (const [folder, name, body] of files) await local.put(folder, name, body, 'application/octet-stream');
    const run = () =>
      promisify(execFile)(process.execPath, [...nodeFlags, builtEntry('cli/files-to-s3')], {
        cwd: path.resolve(import.meta.dirname, '../..'),
        env: { ...process.env, ...peer.env, S3_PREFIX: 'moved/', DATA_DIR: dataDir, NODE_ENV: 'production' },
      });
    const first = await run();
    expect(first.stdout).toContain('完成：复制 3 个文件，0 个已在存储桶中');
    const store = peer.store(null, 'moved/');
    for (const [folder, name, body] of files) {
      expect((await bytesOf((await store.open(folder, name))!.body)).equals(body), `${folder}/${name}`).toBe(true);
    }
    const second = await run();
    expect(second.stdout).toContain('完成：复制 0 个文件，3 个已在存储桶中');
    fs.rmSync(dataDir, { recursive: true, force: true });
  }, 120_000);

  it('files:to-s3 without the S3 settings says what to set', async () => {
    const failed = await promisify(execFile)(process.execPath, [...nodeFlags, builtEntry('cli/files-to-s3')], {
      cwd: path.resolve(import.meta.dirname, '../..'),
      env: { ...process.env, DATA_DIR: freshDir(), FILE_STORAGE: 'local' },
    }).catch((error: { code: number; stderr: string }) => error);
    expect(failed).toMatchObject({ code: 1, stderr: expect.stringContaining('FILE_STORAGE=s3') });
  }, 60_000);
});
