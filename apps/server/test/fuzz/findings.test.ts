import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ID_MAX, isCalendarDate } from '@lab/contract';
import { call, createTestContext, type TestContext } from '../harness';
import { tmpRoot } from '../template';
import { makeLoggedInMember, makeStaff } from '../factories';
import { WriteDetector } from './fingerprint';

/**
 * What the fuzzer found, pinned as plain examples (each answered 500 before its fix), and a
 * check that the write detector the fuzzer relies on does see writes.
 */

let ctx: TestContext;
let memberToken: string;
let staffToken: string;
const filesDir = path.join(tmpRoot, `findings-files-${process.pid}-${randomBytes(4).toString('hex')}`);

beforeAll(async () => {
  ctx = await createTestContext({ dataDir: filesDir });
  memberToken = (await makeLoggedInMember(ctx.db, ctx.clock.now())).token;
  staffToken = (await makeStaff(ctx.db, 'finance', ctx.clock.now())).token;
});
afterAll(async () => {
  await ctx?.close();
  fs.rmSync(filesDir, { recursive: true, force: true });
});

describe('inputs the fuzzer found answering 500', () => {
  it('a NUL character in a field (PostgreSQL text cannot hold it) is refused in the envelope', async () => {
    const json = await call(ctx.app, 'POST', '/api/auth/prestoreApply/cancel', { token: memberToken, json: { rid: 'a\u0000' } });
    expect(json).toMatchObject({ status: 400, code: 0, msg: '提交的内容包含无效字符' });
    const form = await call(ctx.app, 'POST', '/api/open/login', { form: { account: '13800138000\u0000', password: 'x' } });
    expect(form).toMatchObject({ status: 400, code: 0, msg: '提交的内容包含无效字符' });
    const query = await ctx.app.inject({ method: 'GET', url: '/api/auth/contract/download?rid=%00', headers: { token: memberToken } });
    expect(query.statusCode).toBe(400);
    expect(query.json()).toMatchObject({ code: 0, msg: '提交的内容包含无效字符' });
  });

  it('a lone surrogate in JSON text ("\\udfff") is refused like a NUL: jsonb cannot hold it (the audit row of a saved page failed)', async () => {
    const staff = await makeStaff(ctx.db, 'admin', ctx.clock.now());
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/admin/content/page/save',
      headers: { token: staff.token, 'content-type': 'application/json' },
      payload: '{"key":"profile","title":"关于我们","content":"\\udfff\\ud800"}',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 0, msg: '提交的内容包含无效字符' });
    // a surrogate pair (an emoji) is a character like any other
    const emoji = await call(ctx.app, 'POST', '/api/admin/content/page/save', { token: staff.token, json: { key: 'profile', title: '关于我们', content: '<p>😀</p>' } });
    expect(emoji.status).toBe(200);
  });

  it('a date of the right shape that names no day is refused by the contract', async () => {
    for (const bad of ['2026-55-50', '2026-02-30', '2026-13-01', '0000-01-01']) expect(isCalendarDate(bad), bad).toBe(false);
    for (const good of ['2026-02-28', '2028-02-29', '1999-12-31']) expect(isCalendarDate(good), good).toBe(true);
    const res = await call(ctx.app, 'POST', '/api/admin/funds/transfer/list', { token: staffToken, form: { from: '5373-55-50' } });
    expect(res).toMatchObject({ status: 400, code: 0, msg: '[开始日期]不是有效日期' });
  });

  it('an id past the largest a row can have (2³¹−1) is refused by the contract, not sent to the database', async () => {
    const staff = await makeStaff(ctx.db, 'admin', ctx.clock.now());
    for (const url of ['/api/admin/catalog/group/delete', '/api/admin/catalog/child/delete', '/api/admin/content/hotArea/delete']) {
      const res = await call(ctx.app, 'POST', url, { token: staff.token, form: { id: '2147483648' } });
      expect(res.status, url).toBe(400);
      expect(res, url).toMatchObject({ code: 0, msg: expect.stringMatching(/^\[.+\]不正确$/) });
    }
    const largest = await call(ctx.app, 'POST', '/api/admin/content/hotArea/delete', { token: staff.token, form: { id: String(ID_MAX) } });
    expect(largest.status).toBeLessThan(500);
    const audit = await call(ctx.app, 'POST', '/api/admin/audit/detail', { token: staff.token, json: { id: 2147483648 } });
    expect(audit).toMatchObject({ status: 400, code: 0, msg: '[编号]不正确' });
    const search = await ctx.app.inject({ method: 'GET', url: '/api/open/web/device/search?groupId=2147483648' });
    expect(search.statusCode).toBe(400);
  });

  it('a multipart form the parser cannot read (no boundary, cut off) is a 400, not a 500', async () => {
    const noBoundary = await ctx.app.inject({ method: 'POST', url: '/api/auth/prestoreApply/receipt', headers: { token: memberToken, 'content-type': 'multipart/form-data' }, payload: '{}' });
    expect(noBoundary.statusCode).toBe(400);
    expect(noBoundary.json()).toMatchObject({ code: 0, msg: '上传的表单格式不正确' });
    const cut = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/prestoreApply/receipt',
      headers: { token: memberToken, 'content-type': 'multipart/form-data; boundary=b' },
      payload: '--b\r\ncontent-disposition: form-data; name="file"; filename="a.png"\r\n\r\nabc',
    });
    expect(cut.statusCode).toBe(400);
    expect(cut.json()).toMatchObject({ code: 0, msg: '上传的表单格式不正确' });
  });
});

describe('bytes that are not UTF-8 (issue 28, hole 17: saved as U+FFFD with a 200)', () => {
  const bad = (before: string, after: string) => Buffer.concat([Buffer.from(before), Buffer.from([0xff, 0xe4]), Buffer.from(after)]);
  const invalid = { code: 0, msg: '提交的内容包含无效字符' };

  it('are refused in JSON, forms (raw or %-escaped), query strings and multipart fields; nothing is saved', async () => {
    const staff = await makeStaff(ctx.db, 'admin', ctx.clock.now());
    const save = (payload: Buffer | string, type: string) => ctx.app.inject({ method: 'POST', url: '/api/admin/content/page/save', headers: { token: staff.token, 'content-type': type }, payload });
    const form = 'application/x-www-form-urlencoded';
    for (const [payload, type] of [
      [bad('{"key":"profile","title":"a', 'b","content":"<p>x</p>"}'), 'application/json'],
      [bad('key=profile&title=a', 'b&content=x'), form],
      ['key=profile&title=a%FF%E4b&content=x', form],
      ['key=profile&title=a%C0%AFb&content=x', form],
    ] as const) {
      const res = await save(payload, type);
      expect(res.statusCode, String(payload)).toBe(400);
      expect(res.json()).toMatchObject(invalid);
    }
    const query = await ctx.app.inject({ method: 'GET', url: '/api/open/web/page?key=a%FFb' });
    expect(query.statusCode).toBe(400);
    expect(query.json()).toMatchObject(invalid);
    const multipart = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/prestoreApply/receipt',
      headers: { token: memberToken, 'content-type': 'multipart/form-data; boundary=b' },
      payload: Buffer.concat([bad('--b\r\ncontent-disposition: form-data; name="rid"\r\n\r\nx', ''), Buffer.from('\r\n--b--\r\n')]),
    });
    expect(multipart.statusCode).toBe(400);
    expect(multipart.json()).toMatchObject(invalid);
    const page = await ctx.app.inject({ method: 'GET', url: '/api/open/web/page?key=profile' });
    expect(page.body).not.toContain('\uFFFD');

    // text that is UTF-8 goes through as before: escapes of Chinese, '+', a % that escapes nothing, the character U+FFFD itself in JSON
    const good = await save('key=profile&title=%E5%85%B3%E4%BA%8E+x&content=100%', form);
    expect(good.statusCode, good.body).toBe(200);
    expect(good.json()).toMatchObject({ data: { title: '关于 x', content: '100%' } });
    expect((await save(JSON.stringify({ key: 'profile', title: '关于\uFFFD', content: 'x' }), 'application/json')).statusCode).toBe(200);
  });
});

describe('requests node cannot parse get the envelope in Chinese (issue 28, hole 17: an English 400/431, or a reset)', () => {
  let port: number;
  beforeAll(async () => {
    await ctx.app.listen({ port: 0, host: '127.0.0.1' });
    port = (ctx.app.server.address() as net.AddressInfo).port;
  });

  /** What a raw request on its own connection is answered: status and body. */
  function rawRequest(bytes: Buffer) {
    return new Promise<{ status: number; body: string }>((resolve, reject) => {
      const chunks: Buffer[] = [];
      const socket = net.connect(port, '127.0.0.1', () => socket.write(bytes));
      socket.on('data', (chunk: Buffer) => chunks.push(chunk));
      socket.on('error', reject);
      socket.on('close', () => {
        const text = Buffer.concat(chunks).toString();
        resolve({ status: Number(/^HTTP\/1\.1 (\d{3})/.exec(text)?.[1]), body: text.slice(text.indexOf('\r\n\r\n') + 4) });
      });
    });
  }

  it('a raw control byte in the request line: 400; a URL or a header past 16 KB: 431', async () => {
    const badLine = await rawRequest(Buffer.concat([Buffer.from('GET /api/open/web/page?key='), Buffer.from([0x01]), Buffer.from(' HTTP/1.1\r\nHost: x\r\n\r\n')]));
    expect(badLine.status).toBe(400);
    expect(JSON.parse(badLine.body)).toEqual({ code: 0, msg: '请求格式不正确，无法识别', data: null });
    const tooLong = { code: 0, msg: '请求头过大（网址或 Cookie 太长），请缩短后重试', data: null };
    const longUrl = await rawRequest(Buffer.from(`GET /api/open/web/page?key=${'a'.repeat(17_000)} HTTP/1.1\r\nHost: x\r\n\r\n`));
    expect(longUrl.status).toBe(431);
    expect(JSON.parse(longUrl.body)).toEqual(tooLong);
    const bigCookie = await rawRequest(Buffer.from(`GET /api/open/web/page HTTP/1.1\r\nHost: x\r\nCookie: ${'a'.repeat(64_000)}\r\n\r\n`));
    expect(bigCookie.status).toBe(431);
    expect(JSON.parse(bigCookie.body)).toEqual(tooLong);
  });
});

describe('the write detector behind "nothing written by a refused request"', () => {
  it('sees an insert, an update and a stored file, and not a rolled-back write', async () => {
    const detector = new WriteDetector(ctx.db, path.join(filesDir, 'files'));
    await detector.settle();
    expect(await detector.changedSinceSettle()).toEqual([]);

    await ctx.db
      .transaction(async (tx) => {
        await tx.execute(sql`update members set nickname = 'rolled back'`);
        throw new Error('roll back');
      })
      .catch(() => undefined);
    expect(await detector.changedSinceSettle()).toEqual([]);

    await ctx.db.execute(sql`update members set nickname = nickname || '!' where id = (select min(id) from members)`);
    expect(await detector.changedSinceSettle()).toEqual(['members']);
    await detector.settle();

    await makeLoggedInMember(ctx.db, ctx.clock.now());
    expect(await detector.changedSinceSettle()).toEqual(expect.arrayContaining(['members', 'auth_sessions']));
    expect(await detector.changedSinceSettle(['members', 'auth_sessions'])).toEqual([]);
    await detector.settle();

    fs.mkdirSync(path.join(filesDir, 'files', 'receipts'), { recursive: true });
    fs.writeFileSync(path.join(filesDir, 'files', 'receipts', 'x.png'), 'png');
    expect(await detector.changedSinceSettle()).toEqual(['files on disk']);
  });
});
