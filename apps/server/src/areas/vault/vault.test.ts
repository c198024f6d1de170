import fs from 'node:fs';
import path from 'node:path';
import { createHash, randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { VAULT_PART_BYTES, type AdminVaultFile, type VaultFile, type VaultUpload } from '@lab/contract';
import { call, createTestContext, type TestContext } from '../../../test/harness';
import { makeStaff } from '../../../test/factories';
import { issueSession } from '../accounts/sessions.service';
import { makeBuyer, makeOrder, sample, type Buyer } from '../orders/test-helpers';
import { staffAlerts } from '../messages/staff-alerts.tables';
import { memberMessages } from '../messages/member-messages.tables';
import { verifyUploaded } from './upload.service';
import { checkIntegrity, deleteExpiredFiles } from './retention.service';
import { vaultFiles } from './vault.tables';

/**
 * The data vault on the local file store (decisions/0045): the lab uploads a file in parts
 * through the server (in order, resumable), the server checks the browser's hash by reading the
 * object back, the member lists and downloads it by an expiring link, shares it; the monthly
 * check finds a changed object; the retention's end deletes it with a certificate.
 */
let t: TestContext;
let lab: Awaited<ReturnType<typeof makeStaff>>;
let buyer: Buyer;
let other: Buyer;
let orderNo: string;
let sampleCode: string;
beforeAll(async () => {
  t = await createTestContext({ now: '2026-12-01T02:00:00Z' });
  lab = await makeStaff(t.db, 'lab', t.clock.now());
  buyer = await makeBuyer(t);
  other = await makeBuyer(t);
  const order = await makeOrder(t, buyer, undefined, { samples: [sample('SEM 样品', 2)] });
  orderNo = order.orderNo;
  const [line] = (await call<{ samples: { code: string }[] }>(t.app, 'POST', '/api/admin/vault/order', { token: lab.token, form: { order_no: orderNo } })).data.samples;
  sampleCode = line!.code;
});
afterAll(() => t?.close());

/** After the clock moved hours on: fresh tokens for everyone. */
async function signInAgain() {
  lab.token = (await issueSession(t.db, 'staff', lab.id, { now: t.clock.now() })).token;
  buyer.token = (await issueSession(t.db, 'member', buyer.member.id, { now: t.clock.now() })).token;
  other.token = (await issueSession(t.db, 'member', other.member.id, { now: t.clock.now() })).token;
}

const sha = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');
const admin = <T>(url: string, form: Record<string, string | number | undefined>) => call<T>(t.app, 'POST', `/api/admin/vault/${url}`, { token: lab.token, form });
const sendPart = async (rid: string, part: number, bytes: Buffer) => {
  const response = await t.app.inject({ method: 'POST', url: '/api/admin/vault/upload/part', query: { rid, part: String(part) }, headers: { token: lab.token, 'content-type': 'application/octet-stream' }, payload: bytes });
  return { status: response.statusCode, ...(response.json() as { code: number; msg: string; data: VaultUpload }) };
};
const start = (name: string, size: number) => admin<VaultUpload>('upload/start', { order_no: orderNo, sample_code: sampleCode, instrument: 'SEM Sigma 300', description: '二次电子像', name, size });

/** A whole upload of `bytes` through the server, then the check; answers the file's rid. */
async function upload(name: string, bytes: Buffer, claimed = sha(bytes)) {
  const started = await start(name, bytes.length);
  if (!started.data) throw new Error(started.msg);
  for (let part = 1; part <= started.data.partCount; part += 1) expect((await sendPart(started.data.rid, part, bytes.subarray((part - 1) * VAULT_PART_BYTES, part * VAULT_PART_BYTES))).code).toBe(1);
  expect((await admin('upload/complete', { rid: started.data.rid, sha256: claimed })).code).toBe(1);
  const [row] = await t.db.select().from(vaultFiles).where(eq(vaultFiles.rid, started.data.rid));
  await verifyUploaded(t.db, t.app.deps, row!.id, t.clock.now());
  return started.data.rid;
}

const memberFiles = (token: string) => call<{ list: VaultFile[] }>(t.app, 'POST', '/api/auth/vault/files', { token, form: {} });

describe('the lab uploads raw data in parts', () => {
  let bigRid = '';
  const big = randomBytes(VAULT_PART_BYTES + 1000);

  it('refuses a file over 5 GB and a sample of another order, and changes nothing', async () => {
    const before = await t.db.$count(vaultFiles);
    const huge = await start('huge.raw', 5 * 1024 ** 3 + 1);
    expect([huge.status, huge.msg]).toEqual([400, '文件超过 5 GB 上限，请分卷压缩后再上传']);
    const wrong = await admin('upload/start', { order_no: orderNo, sample_code: 'LAB-0-1-1', instrument: 'SEM', name: 'x.raw', size: 10 });
    expect([wrong.status, wrong.msg]).toEqual([400, `样品编号 LAB-0-1-1 不属于订单 ${orderNo}`]);
    expect(await t.db.$count(vaultFiles)).toBe(before);
  });

  it('takes parts in order only, resumes from what is stored, and completes only with every part', async () => {
    const started = await start('SEM-001.tif', big.length);
    expect(started.data).toMatchObject({ partSize: VAULT_PART_BYTES, partCount: 2, done: [], direct: false });
    bigRid = started.data.rid;
    const early = await sendPart(bigRid, 2, big.subarray(VAULT_PART_BYTES));
    expect([early.status, early.msg]).toEqual([409, '分片顺序不对：请先上传第 1 片']);
    expect((await sendPart(bigRid, 1, big.subarray(0, VAULT_PART_BYTES))).data.done).toEqual([1]);
    const tooLong = await sendPart(bigRid, 2, big.subarray(VAULT_PART_BYTES - 1));
    expect([tooLong.status, tooLong.msg]).toEqual([400, '第 2 片超过应有的 1000 字节']);

    // the browser was closed here: the upload asks what is stored and sends the rest
    const state = await admin<VaultUpload>('upload/state', { rid: bigRid });
    expect(state.data.done).toEqual([1]);
    const incomplete = await admin('upload/complete', { rid: bigRid, sha256: sha(big) });
    expect([incomplete.status, incomplete.msg]).toEqual([409, '分片不完整：第 2 片尚未上传（共 2 片）']);
    expect((await sendPart(bigRid, 2, big.subarray(VAULT_PART_BYTES))).data.done).toEqual([1, 2]);
    const done = await admin<AdminVaultFile>('upload/complete', { rid: bigRid, sha256: sha(big).toUpperCase() });
    expect([done.msg, done.data.state, done.data.sha256]).toEqual(['上传完成，正在校验', 'verifying', sha(big)]);
    const [row] = await t.db.select().from(vaultFiles).where(eq(vaultFiles.rid, bigRid));
    expect(await verifyUploaded(t.db, t.app.deps, row!.id, t.clock.now())).toBe('verified');
    expect((await admin('upload/complete', { rid: bigRid, sha256: sha(big) })).msg).toBe('该文件已上传完成，无需再传');
    const listed = await admin<AdminVaultFile[]>('files', { order_no: orderNo });
    expect(listed.data).toEqual([expect.objectContaining({ rid: bigRid, sampleCode, instrument: 'SEM Sigma 300', sha256: sha(big), state: 'verified' })]);
  });

  it('the member sees it with its hash, downloads the sha256sum list, the manifest and the file by a link that expires', async () => {
    const listed = await memberFiles(buyer.token);
    expect(listed.data.list).toEqual([expect.objectContaining({ rid: bigRid, orderNo, sampleCode, name: 'SEM-001.tif', size: big.length, sha256: sha(big), state: 'verified', retentionEnd: '2027-05-30T02:00:00.000Z' })]);
    const sums = await t.app.inject({ method: 'GET', url: '/api/auth/vault/sums', query: { order_no: orderNo }, headers: { token: buyer.token } });
    expect(sums.body).toBe(`${sha(big)}  SEM-001.tif\n`);
    const manifest = await t.app.inject({ method: 'GET', url: '/api/auth/vault/sums', query: { format: 'manifest' }, headers: { token: buyer.token } });
    expect(JSON.parse(manifest.body).files[0]).toMatchObject({ orderNo, sampleCode, instrument: 'SEM Sigma 300', size: big.length, sha256: sha(big) });

    const link = await call<{ url: string }>(t.app, 'POST', '/api/auth/vault/link', { token: buyer.token, form: { rid: bigRid } });
    const file = await t.app.inject({ method: 'GET', url: link.data.url });
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-disposition']).toContain('SEM-001.tif');
    expect(sha(file.rawPayload)).toBe(sha(big));
    t.clock.advance(16 * 60_000);
    expect((await t.app.inject({ method: 'GET', url: link.data.url })).statusCode).toBe(404);
    // an altered link is no link
    expect((await t.app.inject({ method: 'GET', url: `${link.data.url.slice(0, -4)}AAAA` })).statusCode).toBe(404);
  });

  it('takes a part over a real connection too (the bytes streamed from the socket, never parsed as a body)', async () => {
    const started = await start('over-http.raw', 5);
    const address = await t.app.listen({ port: 0, host: '127.0.0.1' });
    const response = await fetch(`${address}/api/admin/vault/upload/part?rid=${started.data.rid}&part=1`, { method: 'POST', headers: { token: lab.token, 'content-type': 'application/octet-stream' }, body: Buffer.from('hello') });
    expect(((await response.json()) as { data: VaultUpload }).data.done).toEqual([1]);
  });

  it("another member's file is 404, and their vault is empty", async () => {
    const theirs = await call(t.app, 'POST', '/api/auth/vault/link', { token: other.token, form: { rid: bigRid } });
    expect([theirs.status, theirs.msg]).toEqual([404, '文件不存在']);
    expect((await call(t.app, 'POST', '/api/auth/vault/share', { token: other.token, form: { rids: bigRid, days: 3 } })).status).toBe(404);
    expect((await memberFiles(other.token)).data.list).toEqual([]);
  });
});

describe('a hash wrong on purpose, and a stored object changed later', () => {
  it('a file whose stored bytes differ from the browser hash is marked and the lab alerted', async () => {
    const bytes = Buffer.from('NMR FID 原始数据\n');
    const rid = await upload('fid.zip', bytes, sha(Buffer.from('something else')));
    const [row] = await t.db.select().from(vaultFiles).where(eq(vaultFiles.rid, rid));
    expect(row!.state).toBe('mismatch');
    expect(row!.sha256Verified).toBe(sha(bytes));
    const [alert] = await t.db.select().from(staffAlerts).where(and(eq(staffAlerts.kind, 'vault_integrity'), eq(staffAlerts.key, `vault_integrity:${row!.id}:${sha(bytes)}`)));
    expect(alert).toMatchObject({ role: 'lab', title: '原始数据校验不一致：fid.zip' });
    expect((await memberFiles(buyer.token)).data.list.find((file) => file.rid === rid)?.state).toBe('mismatch');
  });

  it('the monthly check reads the files again and finds the one changed on disk', async () => {
    const rid = await upload('xrd.raw', Buffer.from('2θ intensity\n10 200\n'));
    const [row] = await t.db.select().from(vaultFiles).where(eq(vaultFiles.rid, rid));
    expect(row!.state).toBe('verified');
    fs.writeFileSync(path.join(t.app.deps.config.dataDir, 'files', 'vault', row!.storageKey), '2θ intensity\n10 201\n');
    t.clock.advance(31 * 86_400_000);
    const outcome = await checkIntegrity(t.db, t.app.deps, t.clock.now());
    expect(outcome.mismatched).toEqual([rid]);
    const [after] = await t.db.select().from(vaultFiles).where(eq(vaultFiles.rid, rid));
    expect(after!.state).toBe('mismatch');
    expect(await t.db.$count(staffAlerts, eq(staffAlerts.key, `vault_integrity:${row!.id}:${sha(Buffer.from('2θ intensity\n10 201\n'))}`))).toBe(1);
  });
});

describe('share links', () => {
  let rid = '';
  beforeAll(async () => {
    await signInAgain();
    rid = await upload('EDS.csv', Buffer.from('element,wt%\nC,12.1\n'));
  });
  const open = (form: Record<string, string>, ip = '203.0.113.9') => call<{ files: { rid: string; sha256: string }[] }>(t.app, 'POST', '/api/open/vault/share', { form, ip });

  it('with a 提取码 and a cap: a co-author opens and downloads without an account; wrong codes are held; the log shows it all', async () => {
    const bad = await call(t.app, 'POST', '/api/auth/vault/share', { token: buyer.token, form: { rids: rid, days: 31 } });
    expect([bad.status, bad.msg]).toEqual([400, '[有效天数]不能大于30']);
    const made = await call<{ path: string; rid: string; hasCode: boolean }>(t.app, 'POST', '/api/auth/vault/share', { token: buyer.token, form: { rids: rid, days: 7, code: 'ab12', max_downloads: 1 } });
    expect([made.msg, made.data.hasCode]).toEqual(['分享链接已生成', true]);
    const token = made.data.path.split('/').pop()!;
    expect((await open({ token })).msg).toBe('请输入提取码');
    for (let i = 0; i < 5; i += 1) expect((await open({ token, code: 'zzzz' })).msg).toBe('提取码不正确');
    const held = await open({ token, code: 'ab12' });
    expect([held.status, held.msg]).toEqual([429, '提取码错误次数过多，请15分钟后再试']);
    t.clock.advance(16 * 60_000);
    const opened = await open({ token, code: 'AB12' });
    expect(opened.data.files).toEqual([expect.objectContaining({ rid, sha256: sha(Buffer.from('element,wt%\nC,12.1\n')) })]);
    const link = await call<{ url: string }>(t.app, 'POST', '/api/open/vault/share/file', { form: { token, code: 'ab12', rid } });
    expect((await t.app.inject({ method: 'GET', url: link.data.url })).body).toBe('element,wt%\nC,12.1\n');
    // the cap is reached: the link is gone
    expect((await call(t.app, 'POST', '/api/open/vault/share/file', { form: { token, code: 'ab12', rid } })).status).toBe(404);
    expect((await open({ token, code: 'ab12' })).status).toBe(404);
    const log = await call<{ action: string }[]>(t.app, 'POST', '/api/auth/vault/share/log', { token: buyer.token, form: { rid: made.data.rid } });
    expect(log.data.map((row) => row.action)).toEqual(['download', 'open', 'wrong_code', 'wrong_code', 'wrong_code', 'wrong_code', 'wrong_code']);
    expect((await call(t.app, 'POST', '/api/auth/vault/share/log', { token: other.token, form: { rid: made.data.rid } })).status).toBe(404);
  });

  it('a revoked link and an expired one are 404', async () => {
    const made = await call<{ path: string; rid: string }>(t.app, 'POST', '/api/auth/vault/share', { token: buyer.token, form: { rids: rid, days: 1 } });
    const token = made.data.path.split('/').pop()!;
    expect((await open({ token })).code).toBe(1);
    expect((await call(t.app, 'POST', '/api/auth/vault/share/revoke', { token: buyer.token, form: { rid: made.data.rid } })).msg).toBe('分享已撤销');
    expect((await open({ token })).status).toBe(404);

    const later = await call<{ path: string }>(t.app, 'POST', '/api/auth/vault/share', { token: buyer.token, form: { rids: rid, days: 1 } });
    const second = later.data.path.split('/').pop()!;
    expect((await open({ token: second })).code).toBe(1);
    t.clock.advance(86_400_000 + 1000);
    await signInAgain();
    const expired = await open({ token: second });
    expect([expired.status, expired.msg]).toEqual([404, '分享链接不存在']);
  });
});

describe('the retention ends', () => {
  it('deletes the objects, keeps a certificate with the names and hashes, and tells the member', async () => {
    await signInAgain();
    const kept = (await memberFiles(buyer.token)).data.list;
    expect(kept.length).toBeGreaterThan(0);
    t.clock.advance(181 * 86_400_000);
    await signInAgain();
    const outcome = await deleteExpiredFiles(t.db, t.app.deps, t.clock.now());
    expect(outcome.certificates).toHaveLength(1);
    const files = (await memberFiles(buyer.token)).data.list;
    expect(files.every((file) => file.state === 'deleted')).toBe(true);
    const certificates = await call<{ files: { name: string; sha256: string }[] }[]>(t.app, 'POST', '/api/auth/vault/certificates', { token: buyer.token });
    expect(certificates.data[0]!.files.map((file) => [file.name, file.sha256]).sort()).toEqual(kept.map((file) => [file.name, file.sha256]).sort());
    const [row] = await t.db.select().from(vaultFiles).where(eq(vaultFiles.rid, kept[0]!.rid));
    expect(fs.existsSync(path.join(t.app.deps.config.dataDir, 'files', 'vault', row!.storageKey))).toBe(false);
    expect((await call(t.app, 'POST', '/api/auth/vault/link', { token: buyer.token, form: { rid: kept[0]!.rid } })).status).toBe(404);
    expect(await t.db.$count(memberMessages, and(eq(memberMessages.memberId, buyer.member.id), eq(memberMessages.title, '原始数据已到期删除')))).toBe(1);
    // a second run finds nothing more
    expect((await deleteExpiredFiles(t.db, t.app.deps, t.clock.now())).files).toBe(0);
  });
});
