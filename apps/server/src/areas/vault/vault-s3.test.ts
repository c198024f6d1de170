import { createHash, randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { VAULT_PART_BYTES, type VaultUpload } from '@lab/contract';
import { call, createTestContext, type TestContext } from '../../../test/harness';
import { makeStaff } from '../../../test/factories';
import { startS3Peer } from '../../../test/s3-peer';
import { makeBuyer, makeOrder, type Buyer } from '../orders/test-helpers';
import { verifyUploaded } from './upload.service';
import { vaultFiles } from './vault.tables';

/**
 * The data vault on S3 (s3rver): the browser's part of the journey done with fetch — parts PUT
 * straight to presigned URLs, two of them in parallel and out of order, the upload resumed from
 * the parts the server recorded — and the member's download by a presigned link, not through
 * our server.
 */
let peer: Awaited<ReturnType<typeof startS3Peer>>;
let t: TestContext;
let lab: Awaited<ReturnType<typeof makeStaff>>;
let buyer: Buyer;
let orderNo: string;
beforeAll(async () => {
  peer = await startS3Peer();
  t = await createTestContext({ now: '2026-12-01T02:00:00Z', files: peer.store(null, 'vault-test/') });
  lab = await makeStaff(t.db, 'lab', t.clock.now());
  buyer = await makeBuyer(t);
  orderNo = (await makeOrder(t, buyer)).orderNo;
});
afterAll(async () => {
  await t?.close();
  await peer?.close();
});

const sha = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');
const admin = <T>(url: string, form: Record<string, string | number>) => call<T>(t.app, 'POST', `/api/admin/vault/${url}`, { token: lab.token, form });

describe('the vault on S3', () => {
  it('takes parts PUT straight to the bucket in any order, resumes, checks the hash, and gives the member a presigned link', async () => {
    const file = randomBytes(VAULT_PART_BYTES * 2 + 777);
    const started = await admin<VaultUpload>('upload/start', { order_no: orderNo, instrument: 'NMR 400', name: 'fid.zip', size: file.length });
    expect(started.data).toMatchObject({ partCount: 3, direct: true, done: [] });
    const rid = started.data.rid;
    const put = async (part: number) => {
      const { data } = await admin<{ url: string }>('upload/part-url', { rid, part });
      const response = await fetch(data.url, { method: 'PUT', body: file.subarray((part - 1) * VAULT_PART_BYTES, part * VAULT_PART_BYTES) });
      expect(response.status).toBe(200);
      return (await admin<VaultUpload>('upload/part-done', { rid, part, etag: response.headers.get('etag')! })).data;
    };
    await Promise.all([put(3), put(1)]);
    expect((await admin('upload/part-url', { rid, part: 4 })).msg).toBe('分片序号超出范围：该文件共 3 片');
    // the browser closed here; back again, it sends what is missing
    const state = await admin<VaultUpload>('upload/state', { rid });
    expect(state.data.done).toEqual([1, 3]);
    expect((await admin('upload/complete', { rid, sha256: sha(file) })).msg).toBe('分片不完整：第 2 片尚未上传（共 3 片）');
    await put(2);
    expect((await admin('upload/complete', { rid, sha256: sha(file) })).code).toBe(1);
    const [row] = await t.db.select().from(vaultFiles).where(eq(vaultFiles.rid, rid));
    expect(await verifyUploaded(t.db, t.app.deps, row!.id, t.clock.now())).toBe('verified');

    const link = await call<{ url: string }>(t.app, 'POST', '/api/auth/vault/link', { token: buyer.token, form: { rid } });
    expect(link.data.url).toContain(`http://127.0.0.1:${peer.port}/`);
    expect(link.data.url).toContain('X-Amz-Expires=900');
    const response = await fetch(link.data.url);
    expect(response.headers.get('content-disposition')).toContain('fid.zip');
    expect(sha(Buffer.from(await response.arrayBuffer()))).toBe(sha(file));
  });
});
