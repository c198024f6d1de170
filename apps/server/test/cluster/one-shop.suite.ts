import fs from 'node:fs';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { SmsPurpose, type LoginResult, type ReportFile, type UserInfo } from '@lab/contract';
import { orderFiles, outbox, smsCodes } from '../../src/db/schema';
import { makeOrder, paymentCatalog } from '../../src/areas/payments/payment.test-helpers';
import { defaultPassword, makeLoggedInMember, makeMember, makeStaff } from '../factories';
import { uniquePhone } from '../harness';
import { a, addressOf, b, newClient, nginx, runDir, s3, smsDeliveries, t, upstreamOf, upstreamsOf } from './cluster-run';
import { api, multipartBody, request } from './http-client';

/** One shop across the instances: sessions, files in S3, the SMS cooldown and the per-address limits hold over both. */
export function oneShopAcrossInstances() {
  describe('one shop across the instances', () => {
    it('logs in through instance A; the token works on instance B and through nginx', async () => {
      const member = await makeMember(t.db);
      const from = newClient();
      const session = await api<LoginResult>(a.url, '/api/open/login', { form: { account: member.phone, password: defaultPassword }, from });
      expect(session).toMatchObject({ status: 200, code: 1 });
      const info = await api<UserInfo>(b.url, '/api/auth/user/info', { token: session.data.token, from });
      expect(info).toMatchObject({ status: 200, code: 1 });
      expect(info.data.account.phone).toBe(member.phone);
      const throughNginx = await Promise.all(Array.from({ length: 4 }, () => api<UserInfo>(nginx.origin, '/api/auth/user/info', { token: session.data.token, from })));
      for (const reply of throughNginx) expect(reply).toMatchObject({ status: 200, code: 1 });
      expect((await upstreamsOf(throughNginx.map((r) => r.requestId))).size).toBe(2);
    });

    it('a report the lab uploads through one instance downloads through nginx from the other, from S3', async () => {
      const lab = await makeStaff(t.db, 'lab');
      const who = await makeLoggedInMember(t.db);
      const order = await makeOrder(t, await paymentCatalog(t.db), who.member.id, { progress: 'testing', payment: 'paid' });
      // 3 MB: past nginx's default 1 MB body limit, so the example's own limit is what lets it through
      const bytes = Buffer.concat([Buffer.from('%PDF-1.4\n'), randomBytes(3 * 1024 * 1024), Buffer.from('\n%%EOF\n')]);
      const form = await multipartBody({ order_no: order.orderNo }, { name: '检测报告.pdf', type: 'application/pdf', bytes });
      const uploadAnswer = await request(`${nginx.origin}/api/admin/orders/report/upload`, { method: 'POST', from: newClient(), headers: { token: lab.token, 'content-type': form.contentType }, body: form.body });
      const upload = JSON.parse(uploadAnswer.body.toString()) as { code: number; msg: string; data: ReportFile[] };
      expect(upload, upload.msg).toMatchObject({ code: 1 });
      const uploadedBy = await upstreamOf(String(uploadAnswer.headers['x-request-id']));
      const report = upload.data[0]!;
      // the member sees it once the lab delivers the data
      expect(await api(nginx.origin, '/api/admin/orders/deliver', { token: lab.token, from: newClient(), form: { order_no: order.orderNo } })).toMatchObject({ status: 200, code: 1 });

      // round robin: of two downloads in a row, one is served by the other instance
      const from = newClient();
      const downloads = [];
      for (let i = 0; i < 2; i += 1) {
        const answer = await request(`${nginx.origin}/api/auth/order/report?${new URLSearchParams({ order_no: order.orderNo, id: report.id })}`, { from, headers: { token: who.token } });
        downloads.push({ answer, by: await upstreamOf(String(answer.headers['x-request-id'])) });
      }
      for (const { answer } of downloads) {
        expect(answer.status, answer.body.toString().slice(0, 300)).toBe(200);
        expect(answer.headers['content-disposition']).toMatch(/^attachment/);
        expect(answer.body.equals(bytes)).toBe(true);
      }
      expect(downloads.map((d) => d.by)).toContain([addressOf(a), addressOf(b)].find((x) => x !== uploadedBy));

      // in the bucket, and on neither instance's disk
      const [row] = await t.db.select().from(orderFiles).where(eq(orderFiles.rid, report.id));
      const stored = await s3.store().open('reports', row!.storedName);
      expect(stored?.size).toBe(bytes.length);
      stored?.body.destroy();
      for (const name of ['A', 'B']) expect(fs.existsSync(path.join(runDir, name, 'files')), name).toBe(false);
    });

    it('holds one SMS cooldown per phone over both instances; the one code is sent once, by one worker', async () => {
      const phone = uniquePhone();
      const replies = await Promise.all(Array.from({ length: 6 }, () => api(nginx.origin, '/api/open/code4sms', { form: { phone, useFor: SmsPurpose.login }, from: newClient() })));
      expect(replies.filter((r) => r.status === 200)).toHaveLength(1);
      for (const r of replies.filter((x) => x.status !== 200)) expect(r).toMatchObject({ status: 429, msg: expect.stringMatching(/^验证码发送过于频繁/) });
      expect((await upstreamsOf(replies.map((r) => r.requestId))).size).toBe(2);
      expect(await t.db.select().from(smsCodes).where(eq(smsCodes.phone, phone))).toHaveLength(1);
      // queued by the instance, delivered by whichever worker took the job: once
      await expect
        .poll(async () => (await t.db.select({ status: outbox.status, attempts: outbox.attempts }).from(outbox).where(eq(outbox.recipient, phone))), { timeout: 30_000, interval: 200 })
        .toEqual([{ status: 'sent', attempts: 1 }]);
      await expect.poll(() => smsDeliveries.filter((d) => d.phone === phone).length, { timeout: 10_000, interval: 100 }).toBe(1);
    });

    it('counts one per-address limit over both instances: 20 SMS codes an hour, whatever X-Forwarded-For the client writes', async () => {
      const from = newClient();
      const sends = [];
      for (let i = 0; i < 20; i += 1) {
        // a client's own X-Forwarded-For: nginx appends the address it saw, and that is the one the instances count
        sends.push(await api(nginx.origin, '/api/open/code4sms', { form: { phone: uniquePhone(), useFor: SmsPurpose.login }, from, headers: { 'x-forwarded-for': `203.0.113.${i + 1}` } }));
      }
      for (const [i, reply] of sends.entries()) expect(reply, `send ${i + 1}`).toMatchObject({ status: 200, code: 1 });
      expect(await upstreamsOf(sends.map((r) => r.requestId))).toEqual(new Set([addressOf(a), addressOf(b)]));
      for (let i = 0; i < 2; i += 1) {
        const refused = await api(nginx.origin, '/api/open/code4sms', { form: { phone: uniquePhone(), useFor: SmsPurpose.login }, from, headers: { 'x-forwarded-for': `198.51.100.${i + 1}` } });
        expect(refused).toMatchObject({ status: 429, code: 0 });
        expect(refused.msg).toMatch(/^操作过于频繁，请\d+秒后再试$/);
      }
      // another client is not held
      expect(await api(nginx.origin, '/api/open/code4sms', { form: { phone: uniquePhone(), useFor: SmsPurpose.login }, from: newClient() })).toMatchObject({ status: 200, code: 1 });
    });

    it('holds the per-address login limit (30 a minute) over both instances', async () => {
      // members of their own (attempts at one account at once are the login guard's, not this limit)
      const members = await Promise.all(Array.from({ length: 32 }, () => makeMember(t.db)));
      const from = newClient();
      const logins = await Promise.all(members.slice(0, 30).map((member) => api<LoginResult>(nginx.origin, '/api/open/login', { form: { account: member.phone, password: defaultPassword }, from })));
      for (const reply of logins) expect(reply, reply.msg).toMatchObject({ status: 200, code: 1 });
      expect((await upstreamsOf(logins.map((r) => r.requestId))).size).toBe(2);
      const refused = await Promise.all(members.slice(30).map((member) => api(nginx.origin, '/api/open/login', { form: { account: member.phone, password: defaultPassword }, from })));
      for (const reply of refused) expect(reply).toMatchObject({ status: 429, msg: expect.stringMatching(/^操作过于频繁/) });
      expect((await upstreamsOf(refused.map((r) => r.requestId))).size).toBe(2);
    });
  });
}
