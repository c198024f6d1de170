import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { call, createTestContext, type TestContext } from '../../../test/harness';
import { defaultPassword, makeLoggedInMember, makeStaff } from '../../../test/factories';
import { makeOrder, paymentCatalog } from '../payments/payment.test-helpers';
import { VAULT_FOLDER } from '../vault/vault-core';
import { vaultDeletionCertificates, vaultFiles, vaultShareLinks } from '../vault/vault.tables';
import { memberMessages } from '../messages/member-messages.tables';

/**
 * The data vault and the member's privacy rights (decisions/0053): 下载我的数据 lists the vault's
 * files, share links and deletion certificates; 注销账号 revokes the share links and deletes the
 * stored objects (through the vault's face), keeping a deletion certificate of names and hashes.
 */
let t: TestContext;
beforeAll(async () => {
  t = await createTestContext({ now: '2026-12-01T02:00:00Z' });
});
afterAll(() => t?.close());

async function memberWithFiles() {
  const who = await makeLoggedInMember(t.db);
  const lab = await makeStaff(t.db, 'lab', t.clock.now());
  const order = await makeOrder(t, await paymentCatalog(t.db), who.member.id, { progress: 'completed', payment: 'paid' });
  const rids: string[] = [];
  for (const [name, state] of [
    ['SEM-001.tif', 'verified'],
    ['NMR-fid.zip', 'verified'],
    ['half.bin', 'uploading'],
  ] as const) {
    const rid = randomBytes(10).toString('hex');
    await t.app.deps.files.put(VAULT_FOLDER, `${rid}.bin`, randomBytes(100), 'application/octet-stream');
    await t.db.insert(vaultFiles).values({
      rid,
      orderId: order.id,
      memberId: who.member.id,
      instrument: 'SEM',
      description: '二次电子像',
      name,
      size: 100,
      sha256Claimed: 'a'.repeat(64),
      storageKey: `${rid}.bin`,
      partSize: 8 * 1024 * 1024,
      state,
      retentionEnd: new Date('2027-06-01T00:00:00Z'),
      uploadedBy: lab.id,
      createdAt: t.clock.now(),
    });
    rids.push(rid);
  }
  const shared = await call<{ path: string }>(t.app, 'POST', '/api/auth/vault/share', { token: who.token, form: { rids: rids[0]!, days: 7 } });
  expect(shared.code, shared.msg).toBe(1);
  return { who, order, rids, token: shared.data.path.split('/').pop()! };
}

const stored = async (rid: string) => {
  const opened = await t.app.deps.files.open(VAULT_FOLDER, `${rid}.bin`);
  opened?.body.destroy();
  return opened !== null;
};

describe('the vault and the member’s privacy rights', () => {
  it('下载我的数据 has the vault’s files, share links and certificates', async () => {
    const { who, order } = await memberWithFiles();
    const response = await t.app.inject({ method: 'GET', url: '/api/auth/privacy/export?format=json', headers: { token: who.token } });
    expect(response.statusCode).toBe(200);
    const sections = (response.json() as { sections: Record<string, { title: string; rows: Record<string, unknown>[] }> }).sections;
    expect(sections.vaultFiles!.title).toBe('数据保管箱文件');
    expect(sections.vaultFiles!.rows.map((r) => [r.orderNo, r.name, r.state])).toEqual([
      [order.orderNo, 'SEM-001.tif', '已校验'],
      [order.orderNo, 'NMR-fid.zip', '已校验'],
      [order.orderNo, 'half.bin', '上传中'],
    ]);
    expect(sections.vaultShares!.rows).toEqual([expect.objectContaining({ files: 'SEM-001.tif', hasCode: false, downloads: 0 })]);
    expect(sections.vaultCertificates!.rows).toEqual([]);
    expect(sections.vaultExtensions!.rows).toEqual([]);
  });

  it('注销账号 revokes the share links and deletes the stored objects, with a certificate and no message', async () => {
    const { who, rids, token } = await memberWithFiles();
    const other = await memberWithFiles();
    for (const rid of rids) expect(await stored(rid)).toBe(true);
    const closed = await call(t.app, 'POST', '/api/auth/privacy/close', { token: who.token, form: { password: defaultPassword } });
    expect(closed, closed.msg).toMatchObject({ status: 200, code: 1 });

    for (const rid of rids) expect(await stored(rid), rid).toBe(false);
    const rows = await t.db.select({ state: vaultFiles.state, deletedAt: vaultFiles.deletedAt, description: vaultFiles.description }).from(vaultFiles).where(eq(vaultFiles.memberId, who.member.id));
    expect(rows.map((r) => r.state)).toEqual(['deleted', 'deleted', 'deleted']);
    expect(rows.every((r) => r.deletedAt?.getTime() === t.clock.now().getTime())).toBe(true);
    const [link] = await t.db.select().from(vaultShareLinks).where(eq(vaultShareLinks.memberId, who.member.id));
    expect(link!.revokedAt).toEqual(t.clock.now());
    expect((await call(t.app, 'POST', '/api/open/vault/share', { form: { token } })).status).toBe(404);
    // the certificate lists the two kept files (the unfinished upload held nothing of theirs)
    const [certificate] = await t.db.select().from(vaultDeletionCertificates).where(eq(vaultDeletionCertificates.memberId, who.member.id));
    expect(certificate!.files.map((f) => f.name)).toEqual(['SEM-001.tif', 'NMR-fid.zip']);
    expect(await t.db.select().from(memberMessages).where(eq(memberMessages.memberId, who.member.id))).toEqual([]);

    // another member's files and link are untouched
    for (const rid of other.rids) expect(await stored(rid)).toBe(true);
    expect((await call(t.app, 'POST', '/api/open/vault/share', { form: { token: other.token } })).status).toBe(200);
  });
});
