import fs from 'node:fs';
import path from 'node:path';
import { createHash, randomBytes } from 'node:crypto';
import { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it, onTestFinished } from 'vitest';
import { localFileStore, PartOutOfOrder } from './file-store';
import { startS3Peer } from '../../../test/s3-peer';
import { tmpRoot } from '../../../test/template';

/**
 * Large files in parts (decisions/0045): S3's multipart upload against s3rver — parts PUT by
 * "the browser" to presigned URLs in any order, ListParts for a resumed upload, completion,
 * an expiring download link — and the same steps on local disk, where parts arrive in order.
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
const digest = (buffer: Buffer) => createHash('sha256').update(buffer).digest('hex');
const partSize = 5 * 1024 * 1024;

describe('multipart upload to S3', () => {
  it('takes parts PUT to presigned URLs in any order, joins them by their ETags, and links a download', async () => {
    const store = peer.store();
    const file = randomBytes(partSize * 2 + 1234);
    const name = 'f1-0123456789abcdefghij.raw';
    const uploadId = await store.multipart.start('vault', name, 'application/octet-stream');
    const put = async (number: number) => {
      const url = await store.multipart.partUrl('vault', name, uploadId, number, 600);
      const response = await fetch(url!, { method: 'PUT', body: file.subarray((number - 1) * partSize, number * partSize) });
      expect(response.status).toBe(200);
      return { partNumber: number, etag: response.headers.get('etag')! };
    };
    const parts = await Promise.all([put(3), put(1), put(2)]);
    await store.multipart.complete('vault', name, uploadId, parts.sort((a, b) => a.partNumber - b.partNumber));
    const opened = await store.open('vault', name);
    expect(opened?.size).toBe(file.length);
    expect(digest(await bytesOf(opened!.body))).toBe(digest(file));

    const link = await store.multipart.downloadUrl('vault', name, { expiresIn: 60, downloadName: 'SEM 图像.tif' });
    const response = await fetch(link!);
    expect(response.headers.get('content-disposition')).toContain(encodeURIComponent('SEM 图像.tif'));
    expect(digest(Buffer.from(await response.arrayBuffer()))).toBe(digest(file));
  });

  it('passes a part through the server as a stream', async () => {
    const store = peer.store();
    const name = 'f2-0123456789abcdefghij.raw';
    const body = randomBytes(4000);
    const uploadId = await store.multipart.start('vault', name, 'application/octet-stream');
    const part = await store.multipart.write('vault', name, uploadId, 1, partSize, Readable.from([body.subarray(0, 1000), body.subarray(1000)]), body.length);
    expect(part.size).toBe(4000);
    await store.multipart.complete('vault', name, uploadId, [{ partNumber: 1, etag: part.etag }]);
    expect(digest(await bytesOf((await store.open('vault', name))!.body))).toBe(digest(body));
  });
});

describe('multipart upload on local disk', () => {
  it('appends parts in order, refuses one out of order, takes a part again, resumes after a part that broke off', async () => {
    const dir = path.join(tmpRoot, `multipart-${process.pid}-${randomBytes(4).toString('hex')}`);
    onTestFinished(() => fs.rmSync(dir, { recursive: true, force: true }));
    const store = localFileStore(dir);
    const small = 1000;
    const file = randomBytes(small * 2 + 10);
    const name = 'f4-0123456789abcdefghij.raw';
    const uploadId = await store.multipart.start('vault', name, 'application/octet-stream');
    expect(await store.multipart.partUrl('vault', name, uploadId, 1, 60)).toBeNull();
    const part = (number: number) => file.subarray((number - 1) * small, number * small);
    await expect(store.multipart.write('vault', name, uploadId, 2, small, Readable.from([part(2)]), small)).rejects.toEqual(new PartOutOfOrder(1));
    expect(await store.multipart.write('vault', name, uploadId, 1, small, Readable.from([part(1)]), small)).toEqual({ size: small, etag: '' });
    // sent again (the answer was lost): taken in its place
    await store.multipart.write('vault', name, uploadId, 1, small, Readable.from([part(1)]), small);

    // part 2 breaks off half-way: what it wrote is cut away, and the upload resumes at part 2
    const broken = new Readable({
      read() {
        this.push(part(2).subarray(0, 400));
        this.destroy(new Error('connection reset'));
      },
    });
    await expect(store.multipart.write('vault', name, uploadId, 2, small, broken, small)).rejects.toThrow('connection reset');
    await expect(store.multipart.write('vault', name, uploadId, 3, small, Readable.from([part(3)]), 10)).rejects.toEqual(new PartOutOfOrder(2));
    await store.multipart.write('vault', name, uploadId, 2, small, Readable.from([part(2)]), small);
    await store.multipart.write('vault', name, uploadId, 3, small, Readable.from([part(3)]), 10);
    // the short last part ends the file
    await expect(store.multipart.write('vault', name, uploadId, 4, small, Readable.from([Buffer.from('x')]), 1)).rejects.toBeInstanceOf(PartOutOfOrder);
    await store.multipart.complete('vault', name, uploadId, []);
    expect(digest(await bytesOf((await store.open('vault', name))!.body))).toBe(digest(file));
    expect(await store.multipart.downloadUrl('vault', name, { expiresIn: 60, downloadName: 'x' })).toBeNull();
  });
});
