import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, desc, eq } from 'drizzle-orm';
import { AGREEMENT_REQUIRED_MESSAGE, CONSENT_CHANGED_MESSAGE, type AdminAgreementVersion, type AgreementVersion, type AgreementVersionItem, type ConsentRecord, type MemberUserInfo, type MyConsents } from '@lab/contract';
import { call, createTestContext, uniquePhone, type TestContext } from '../../../test/harness';
import { makeLoggedInMember, makeStaff } from '../../../test/factories';
import { memberByPhone, requestCode, SmsPurpose } from '../../../test/auth-flows';
import { agreementVersions, auditLog, memberConsents, smsCodes } from '../../db/schema';
import { seedAgreements } from '../content/agreements.seed';
import { issueSession } from './sessions.service';

/**
 * Agreements and consent (个人信息保护法): every registration path refuses an account without
 * the tick of 用户协议 and 隐私政策 and records the consent with the version, address and path;
 * a new version makes the consent due until the member agrees again; 营销短信 is optional and
 * can be withdrawn.
 */
let t: TestContext;
let admin: Awaited<ReturnType<typeof makeStaff>>;
const IP = '203.0.113.7';

beforeAll(async () => {
  t = await createTestContext({ now: '2026-06-01T02:00:00Z' });
  await seedAgreements(t.db, t.clock.now());
  admin = await makeStaff(t.db, 'admin', t.clock.now());
});
afterAll(() => t?.close());

const consentsOf = async (phone: string) => {
  const member = await memberByPhone(t.db, phone);
  return t.db.select().from(memberConsents).where(eq(memberConsents.memberId, member!.id)).orderBy(memberConsents.id);
};
const sign = (form: Record<string, string>) => call(t.app, 'POST', '/api/open/sign', { form: { password: 'Kx7#Lab-Tests26', ...form }, ip: IP });
const smsLogin = (form: Record<string, string>) => call<{ token: string; newMember: boolean }>(t.app, 'POST', '/api/open/loginForCode', { form, ip: IP });
const refused = { status: 400, code: 0, msg: AGREEMENT_REQUIRED_MESSAGE };
const publish = (form: Record<string, string>) => call<AdminAgreementVersion>(t.app, 'POST', '/api/admin/agreement/publish', { token: admin.token, form });

describe('registration refuses an account without the tick, on every path', () => {
  it('password registration: refused without it (or with it unticked), the code stays usable; with it, consent to both documents is recorded', async () => {
    const phone = uniquePhone();
    const code = await requestCode(t.app, t.db, phone, SmsPurpose.register);
    expect(await sign({ phone, code })).toMatchObject(refused);
    expect(await sign({ phone, code, agreement: '0' })).toMatchObject(refused);
    expect(await call(t.app, 'POST', '/api/open/sign', { json: { phone, code, password: 'Kx7#Lab-Tests26', agreement: false } })).toMatchObject(refused);
    expect(await memberByPhone(t.db, phone)).toBeUndefined();

    expect(await sign({ phone, code, agreement: '1' })).toMatchObject({ status: 200, code: 1 });
    const rows = await consentsOf(phone);
    expect(rows.map((r) => [r.purpose, r.version, r.granted, r.channel, r.ip])).toEqual([
      ['user', 1, true, 'password', IP],
      ['privacy', 1, true, 'password', IP],
    ]);
    expect(rows[0]!.createdAt).toEqual(t.clock.now());
  });

  it('invite link registration: refused without the tick; recorded as channel invite, with the optional marketing SMS tick', async () => {
    const inviter = await makeLoggedInMember(t.db, t.clock.now());
    const phone = uniquePhone();
    const code = await requestCode(t.app, t.db, phone, SmsPurpose.register);
    expect(await sign({ phone, code, inviterCode: inviter.member.inviteCode })).toMatchObject(refused);
    expect(await sign({ phone, code, inviterCode: inviter.member.inviteCode, agreement: '1', marketingSms: '1' })).toMatchObject({ code: 1 });
    expect((await consentsOf(phone)).map((r) => [r.purpose, r.version, r.channel])).toEqual([
      ['user', 1, 'invite'],
      ['privacy', 1, 'invite'],
      ['marketing_sms', null, 'invite'],
    ]);
  });

  it('SMS code registration: a new phone is refused without the tick and the code is not spent; with it the consent is recorded as sms', async () => {
    const phone = uniquePhone();
    const code = await requestCode(t.app, t.db, phone, SmsPurpose.login);
    expect(await smsLogin({ phone, code })).toMatchObject(refused);
    expect(await memberByPhone(t.db, phone)).toBeUndefined();
    const [row] = await t.db.select().from(smsCodes).where(and(eq(smsCodes.phone, phone), eq(smsCodes.purpose, SmsPurpose.login)));
    expect(row?.usedAt).toBeNull();

    const res = await smsLogin({ phone, code, agreement: '1' });
    expect(res).toMatchObject({ status: 200, code: 1, data: { newMember: true } });
    expect((await consentsOf(phone)).map((r) => [r.purpose, r.version, r.channel, r.ip])).toEqual([
      ['user', 1, 'sms', IP],
      ['privacy', 1, 'sms', IP],
    ]);
    // a member logging in again needs no tick, and no new consent is written
    t.clock.advance(61_000);
    const again = await requestCode(t.app, t.db, phone, SmsPurpose.login);
    expect(await smsLogin({ phone, code: again })).toMatchObject({ status: 200, data: { newMember: false } });
    expect(await consentsOf(phone)).toHaveLength(2);
  });

  it('WeChat QR registration (the code typed on the phone that scanned): refused without the tick; recorded as wechat', async () => {
    const phone = uniquePhone();
    const code = await requestCode(t.app, t.db, phone, SmsPurpose.login);
    expect(await smsLogin({ phone, code, via: 'wechat' })).toMatchObject(refused);
    const res = await smsLogin({ phone, code, via: 'wechat', agreement: '1' });
    expect(res).toMatchObject({ code: 1, data: { newMember: true } });
    expect((await consentsOf(phone)).map((r) => r.channel)).toEqual(['wechat', 'wechat']);

    // and the QR login it is for goes through with the new account
    const ticket = await call<{ ticket: string }>(t.app, 'GET', '/api/open/wx/ticket');
    expect(await call(t.app, 'POST', '/api/open/wx/scan', { form: { ticket: ticket.data.ticket } })).toMatchObject({ code: 1 });
    expect(await call(t.app, 'POST', '/api/auth/wx/confirm', { token: res.data.token, form: { ticket: ticket.data.ticket } })).toMatchObject({ code: 1 });
    expect(await call(t.app, 'POST', '/api/open/wx/qrCodeLogin', { form: { ticket: ticket.data.ticket } })).toMatchObject({ code: 1, data: { status: 'confirmed' } });
  });
});

describe('the public pages read the versions', () => {
  it('shows the current version with its number and date, and lists the versions', async () => {
    const current = await call<AgreementVersion>(t.app, 'GET', '/api/open/agreement', { query: { kind: 'privacy' } });
    expect(current).toMatchObject({ code: 1, data: { kind: 'privacy', version: 1, title: '隐私政策', effectiveDate: '2026-01-01' } });
    expect(current.data.body).toContain('个人信息保护专员');
    expect(await call(t.app, 'GET', '/api/open/agreement', { query: { kind: 'privacy', version: '9' } })).toMatchObject({ status: 404, msg: '隐私政策不存在' });
    expect(await call(t.app, 'GET', '/api/open/agreement', { query: { kind: 'nope' } })).toMatchObject({ status: 400, msg: '[协议]不正确' });
  });

  it('a published version is never changed (the database refuses)', async () => {
    await expect(t.db.update(agreementVersions).set({ title: 'x' }).where(eq(agreementVersions.kind, 'user'))).rejects.toThrow();
    await expect(t.db.delete(agreementVersions).where(eq(agreementVersions.kind, 'user'))).rejects.toThrow();
  });
});

describe('a new version asks members again', () => {
  it('publishing is admin-only and audited; the member is asked at the next user/info, refused an outdated version, and 同意 records re-consent', async () => {
    const member = await makeLoggedInMember(t.db, t.clock.now(), { consented: false });
    const info = async () => (await call<MemberUserInfo>(t.app, 'POST', '/api/auth/user/info', { token: member.token })).data.consentDue;
    // a member without any consent row (an account older than consent records) is asked too
    expect((await info()).map((d) => [d.kind, d.version])).toEqual([
      ['user', 1],
      ['privacy', 1],
    ]);
    expect(await call(t.app, 'POST', '/api/auth/consent/accept', { token: member.token, form: { user: 1, privacy: 1 } })).toMatchObject({ code: 1, msg: '已同意' });
    expect(await info()).toEqual([]);

    const sales = await makeStaff(t.db, 'sales', t.clock.now());
    const form = { kind: 'privacy', title: '隐私政策', body: '<h2>一、变更</h2><p>新增在线支付服务商。</p><script>alert(1)</script>', summary: '新增在线支付服务商（微信支付、支付宝）的委托处理说明。' };
    expect(await call(t.app, 'POST', '/api/admin/agreement/publish', { token: sales.token, form })).toMatchObject({ status: 403 });
    expect(await publish({ ...form, summary: ' ' })).toMatchObject({ status: 400, msg: '[更新说明]不能为空' });
    const published = await publish(form);
    expect(published).toMatchObject({ code: 1, msg: '新版本已发布', data: { kind: 'privacy', version: 2, publishedBy: '测试admin', effectiveDate: '2026-06-01' } });
    expect(published.data.body).not.toContain('script');
    const [audit] = await t.db.select().from(auditLog).orderBy(desc(auditLog.id)).limit(1);
    expect(audit).toMatchObject({ action: 'agreement.publish', entity: 'agreement', targetKey: String(published.data.id), before: null, after: { kind: 'privacy', version: 2 } });

    expect(await info()).toEqual([{ kind: 'privacy', version: 2, title: '隐私政策', summary: form.summary, effectiveDate: '2026-06-01' }]);
    expect((await call<unknown[]>(t.app, 'POST', '/api/auth/consent/due', { token: member.token })).data).toHaveLength(1);
    // agreeing to the version the member read, not an older one
    expect(await call(t.app, 'POST', '/api/auth/consent/accept', { token: member.token, form: { privacy: 1 } })).toMatchObject({ status: 409, msg: CONSENT_CHANGED_MESSAGE });
    expect(await call(t.app, 'POST', '/api/auth/consent/accept', { token: member.token, ip: IP, form: { privacy: 2 } })).toMatchObject({ code: 1 });
    expect(await info()).toEqual([]);
    const [last] = await t.db.select().from(memberConsents).where(eq(memberConsents.memberId, member.member.id)).orderBy(desc(memberConsents.id)).limit(1);
    expect(last).toMatchObject({ purpose: 'privacy', version: 2, granted: true, channel: 're-consent', ip: IP });

    // the old version stays readable, the list shows both
    const versions = await call<AgreementVersionItem[]>(t.app, 'GET', '/api/open/agreement/versions', { query: { kind: 'privacy' } });
    expect(versions.data.map((v) => v.version)).toEqual([2, 1]);
    expect(await call(t.app, 'GET', '/api/open/agreement', { query: { kind: 'privacy', version: '1' } })).toMatchObject({ code: 1, data: { version: 1 } });
  });
});

describe('marketing SMS consent', () => {
  it('is off by default; switched on and withdrawn in 账号设置, each change a row; staff see the history', async () => {
    const member = await makeLoggedInMember(t.db, t.clock.now(), { consented: false });
    const mine = async () => (await call<MyConsents>(t.app, 'POST', '/api/auth/consent/mine', { token: member.token })).data;
    const set = (granted: string) => call<MyConsents>(t.app, 'POST', '/api/auth/consent/marketingSms', { token: member.token, form: { granted }, ip: IP });
    expect((await mine()).marketingSms).toBe(false);
    expect(await set('1')).toMatchObject({ code: 1, data: { marketingSms: true } });
    expect(await set('1')).toMatchObject({ code: 1, data: { marketingSms: true } });
    expect(await set('0')).toMatchObject({ code: 1, data: { marketingSms: false } });
    const history = (await mine()).history;
    expect(history.map((h) => [h.purpose, h.granted, h.channel, h.ip])).toEqual([
      ['marketing_sms', false, 'settings', IP],
      ['marketing_sms', true, 'settings', IP],
    ]);
    const staffToken = (await issueSession(t.db, 'staff', admin.id, { now: t.clock.now() })).token;
    const seen = await call<ConsentRecord[]>(t.app, 'POST', '/api/admin/member/consents', { token: staffToken, form: { rid: member.member.rid } });
    expect(seen.data).toEqual(history);
    const lab = await makeStaff(t.db, 'lab', t.clock.now());
    expect(await call(t.app, 'POST', '/api/admin/member/consents', { token: lab.token, form: { rid: member.member.rid } })).toMatchObject({ status: 403 });
  });
});
