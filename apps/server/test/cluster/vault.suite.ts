import fs from 'node:fs';
import path from 'node:path';
import { createHash, randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { VAULT_PART_BYTES, type Page, type VaultFile, type VaultUpload } from '@lab/contract';
import { vaultFiles } from '../../src/db/schema';
import { makeOrder, paymentCatalog } from '../../src/areas/payments/payment.test-helpers';
import { makeLoggedInMember, makeStaff } from '../factories';
import { a, addressOf, b, newClient, nginx, runDir, s3, t, upstreamOf } from './cluster-run';
import { api, request } from './http-client';

const sha = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');

/**
 * The data vault across the instances (decisions/0045): the lab's upload is started on one
 * instance and carried on and finished on the other (the parts PUT straight to S3 by presigned
 * URLs either instance signs), a worker checks the stored object, and the member's download and
 * a share link are answered by the instance that did not finish the upload.
 */
export function vaultAcrossInstances() {
  describe('the data vault across the instances', () => {
    it('uploads through instance A and B in turn, is checked by a worker, and downloads through the other instance', async () => {
      const lab = await makeStaff(t.db, 'lab');
      const who = await makeLoggedInMember(t.db);
      const order = await makeOrder(t, await paymentCatalog(t.db), who.member.id, { progress: 'testing', payment: 'paid' });
      const file = randomBytes(VAULT_PART_BYTES + 4321);
      const from = newClient();
      const admin = <T>(origin: string, call: string, form: Record<string, string | number>) => api<T>(origin, `/api/admin/vault/upload/${call}`, { token: lab.token, from, form });

      const started = await admin<VaultUpload>(a.url, 'start', { order_no: order.orderNo, instrument: 'SEM', name: 'SEM 图像.tif', size: file.length });
      expect(started, started.msg).toMatchObject({ status: 200, code: 1, data: { partCount: 2, direct: true } });
      const rid = started.data.rid;
      // part 1 signed by A and reported to B; part 2 signed by B and reported to A
      const put = async (part: number, signer: string, reporter: string) => {
        const url = await admin<{ url: string }>(signer, 'part-url', { rid, part });
        expect(url, url.msg).toMatchObject({ code: 1 });
        const response = await fetch(url.data.url, { method: 'PUT', body: file.subarray((part - 1) * VAULT_PART_BYTES, part * VAULT_PART_BYTES) });
        expect(response.status).toBe(200);
        return admin<VaultUpload>(reporter, 'part-done', { rid, part, etag: response.headers.get('etag')! });
      };
      expect((await put(1, a.url, b.url)).data.done).toEqual([1]);
      // the browser resumes on the other instance: it knows what the first one recorded
      expect((await admin<VaultUpload>(b.url, 'state', { rid })).data.done).toEqual([1]);
      expect((await put(2, b.url, a.url)).data.done).toEqual([1, 2]);
      const completed = await admin(b.url, 'complete', { rid, sha256: sha(file) });
      expect(completed, completed.msg).toMatchObject({ status: 200, code: 1 });

      // the check is queued by instance B and done by a worker (the instances run no jobs)
      const stateOf = async () => (await t.db.select({ state: vaultFiles.state, sha: vaultFiles.sha256Verified }).from(vaultFiles).where(eq(vaultFiles.rid, rid)))[0];
      await expect.poll(stateOf, { timeout: 30_000, interval: 200 }).toEqual({ state: 'verified', sha: sha(file) });

      // the member's list and link from instance A (B finished the upload), and through nginx
      const listed = await api<Page<VaultFile>>(a.url, '/api/auth/vault/files', { token: who.token, from, form: { order_no: order.orderNo } });
      expect(listed.data.list).toEqual([expect.objectContaining({ rid, sha256: sha(file), size: file.length, state: 'verified' })]);
      for (const origin of [a.url, nginx.origin]) {
        const link = await api<{ url: string }>(origin, '/api/auth/vault/link', { token: who.token, from, form: { rid } });
        expect(link, link.msg).toMatchObject({ code: 1 });
        expect(link.data.url).toContain(`127.0.0.1:${s3.port}/`);
        const got = await request(link.data.url);
        expect(got.status).toBe(200);
        expect(sha(got.body)).toBe(sha(file));
      }

      // a share link made on A, opened by a co-author (no account) through nginx on both instances
      const made = await api<{ path: string }>(a.url, '/api/auth/vault/share', { token: who.token, from, form: { rids: rid, days: 3, code: 'ab12' } });
      expect(made, made.msg).toMatchObject({ code: 1 });
      const token = made.data.path.split('/').pop()!;
      const coauthor = newClient();
      const opened = await api(b.url, '/api/open/vault/share', { from: coauthor, form: { token, code: 'ab12' } });
      expect(opened, opened.msg).toMatchObject({ code: 1 });
      const by = new Set<string>();
      for (let i = 0; i < 2; i += 1) {
        const link = await api<{ url: string }>(nginx.origin, '/api/open/vault/share/file', { from: coauthor, form: { token, code: 'ab12', rid } });
        expect(link, link.msg).toMatchObject({ code: 1 });
        by.add(await upstreamOf(link.requestId));
        expect(sha((await request(link.data.url)).body)).toBe(sha(file));
      }
      expect(by).toEqual(new Set([addressOf(a), addressOf(b)]));

      // in the bucket, on neither instance's disk
      const [row] = await t.db.select({ storageKey: vaultFiles.storageKey }).from(vaultFiles).where(eq(vaultFiles.rid, rid));
      const stored = await s3.store().open('vault', row!.storageKey);
      expect(stored?.size).toBe(file.length);
      stored?.body.destroy();
      for (const name of ['A', 'B']) expect(fs.existsSync(path.join(runDir, name, 'files', 'vault')), name).toBe(false);
    });
  });
}
