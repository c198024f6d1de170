import { and, desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_PASSWORDS, demoAccounts, type LoginResult, type StaffAccount, type StaffMfaChallenge, type StaffTotpEnabled, type StaffTotpReset, type StaffTotpSetup } from '@lab/contract';
import { call, createTestContext, lastSmsCode, uniquePhone, type TestContext } from '../../../test/harness';
import { defaultPassword, makeStaff } from '../../../test/factories';
import { bindTotp, staffLoginWithTotp, staffPasswordLogin, totpCode } from '../../../test/auth-flows';
import { auditLog, outbox, staff, staffRecoveryCodes } from '../../db/schema';
import { staffAlerts } from '../messages/staff-alerts.tables';
import { createStaff, loginStaff } from './staff.service';

let t: TestContext;
beforeAll(async () => {
  t = await createTestContext();
});
afterAll(() => t.close());

const post = <T = unknown>(url: string, form: Record<string, string | number | undefined>, token?: string) =>
  call<T>(t.app, 'POST', url, { form, ...(token ? { token } : {}) });
const me = (token: string) => post<{ account: string }>('/api/admin/me', {}, token);
const challengeOf = async (account: string, password = defaultPassword) => {
  const first = await staffPasswordLogin(t.app, account, password);
  expect(first.status, first.msg).toBe(200);
  return first.data as StaffMfaChallenge;
};

describe('admin and finance bind an authenticator on their first login', () => {
  it('password → setup challenge (no session) → QR and key → a code confirms → session and ten recovery codes, shown once', async () => {
    const person = await makeStaff(t.db, 'admin', t.clock.now());
    const first = await staffPasswordLogin(t.app, person.account, defaultPassword);
    // the password was just handed over (a new account): it binds alone, no setup code asked
    expect(first).toMatchObject({ status: 200, code: 1, msg: '请先绑定身份验证器', data: { mfa: 'setup', needsSetupCode: false } });
    expect(first.data).not.toHaveProperty('token');
    const { challenge } = first.data as StaffMfaChallenge;

    const setup = await post<StaffTotpSetup>('/api/admin/totp/setup', { challenge });
    expect(setup.data).toMatchObject({ account: person.account, secret: expect.stringMatching(/^[A-Z2-7]{32}$/) });
    expect(setup.data.otpauthUrl).toContain(`secret=${setup.data.secret}`);
    expect(setup.data.qr).toMatch(/^data:image\/svg\+xml;base64,/);
    // asking again shows the same key (the page may be reloaded)
    expect((await post<StaffTotpSetup>('/api/admin/totp/setup', { challenge })).data.secret).toBe(setup.data.secret);

    expect(await post('/api/admin/totp/enable', { challenge, code: totpCode(setup.data.secret, t.clock.now(), 5) })).toMatchObject({ status: 400, msg: '动态码错误，还可尝试4次' });
    const enabled = await post<StaffTotpEnabled>('/api/admin/totp/enable', { challenge, code: totpCode(setup.data.secret, t.clock.now()) });
    expect(enabled).toMatchObject({ status: 200, code: 1, msg: '身份验证器已绑定，请妥善保存恢复码' });
    expect(enabled.data.recoveryCodes).toHaveLength(10);
    expect(new Set(enabled.data.recoveryCodes).size).toBe(10);
    expect((await me(enabled.data.login.token)).data.account).toBe(person.account);

    // stored sealed and hashed: neither the key nor a recovery code is in the database as typed
    const [row] = await t.db.select().from(staff).where(eq(staff.id, person.id));
    expect(row!.totpSecret).not.toContain(setup.data.secret);
    expect(t.secrets.open(row!.totpSecret!)).toBe(setup.data.secret);
    const codes = await t.db.select().from(staffRecoveryCodes).where(eq(staffRecoveryCodes.staffId, person.id));
    expect(JSON.stringify(codes)).not.toContain(enabled.data.recoveryCodes[0]!.replace('-', ''));
    // the challenge is spent, and the secret is never shown again
    expect(await post('/api/admin/totp/setup', { challenge })).toMatchObject({ status: 401, msg: '登录验证已超时，请重新输入账号和密码' });
    const next = await challengeOf(person.account);
    expect(next.mfa).toBe('totp');
    expect(await post('/api/admin/totp/setup', { challenge: next.challenge })).toMatchObject({ status: 401 });
    const list = await call<{ list: StaffAccount[] }>(t.app, 'POST', '/api/admin/staff/list', { json: { keyword: person.account }, token: enabled.data.login.token });
    expect(list.data.list[0]).toMatchObject({ totpEnabled: true });
    expect(JSON.stringify(list.data)).not.toContain(setup.data.secret);
  });

  it('asks nothing more of sales and lab', async () => {
    const person = await makeStaff(t.db, 'sales', t.clock.now());
    expect((await staffPasswordLogin(t.app, person.account, defaultPassword)).data).toHaveProperty('token');
  });
});

describe('admin and finance log in with password and TOTP', () => {
  it('needs the code after the password; a code is good once, the next step’s code works', async () => {
    const person = await makeStaff(t.db, 'finance', t.clock.now());
    const secret = await bindTotp(t, person.id);
    const first = await staffLoginWithTotp(t, person.account, defaultPassword, secret);
    expect(first).toMatchObject({ status: 200, code: 1, msg: '登录成功!' });
    expect((await me(first.data.token)).data.account).toBe(person.account);
    // the same code again (a code seen over a shoulder, replayed within its 30 s)
    expect(await staffLoginWithTotp(t, person.account, defaultPassword, secret)).toMatchObject({ status: 400, msg: '该动态码已使用过，请等待验证器显示下一个动态码' });
    t.clock.advance(30_000);
    expect(await staffLoginWithTotp(t, person.account, defaultPassword, secret)).toMatchObject({ status: 200, code: 1 });
  });

  it('lets the same code win once when it is sent twice at once', async () => {
    const person = await makeStaff(t.db, 'admin', t.clock.now());
    const secret = await bindTotp(t, person.id);
    const [a, b] = [await challengeOf(person.account), await challengeOf(person.account)];
    const code = totpCode(secret, t.clock.now());
    const results = await Promise.all([a, b].map((c) => post<LoginResult>('/api/admin/login/totp', { challenge: c.challenge, code })));
    expect(results.map((r) => r.status).sort()).toEqual([200, 400]);
  });

  it('takes a recovery code once instead of the code', async () => {
    const person = await makeStaff(t.db, 'admin', t.clock.now());
    const { challenge } = await challengeOf(person.account);
    await post('/api/admin/totp/setup', { challenge });
    const setup = await post<StaffTotpSetup>('/api/admin/totp/setup', { challenge });
    const enabled = await post<StaffTotpEnabled>('/api/admin/totp/enable', { challenge, code: totpCode(setup.data.secret, t.clock.now()) });
    const recovery = enabled.data.recoveryCodes[3]!;
    const viaRecovery = await post<LoginResult>('/api/admin/login/totp', { challenge: (await challengeOf(person.account)).challenge, code: recovery.toUpperCase() });
    expect(viaRecovery).toMatchObject({ status: 200, code: 1 });
    expect(await post('/api/admin/login/totp', { challenge: (await challengeOf(person.account)).challenge, code: recovery })).toMatchObject({ status: 400, msg: '动态码错误，还可尝试4次' });
  });

  it('spends a challenge after five wrong codes, however many are sent at once; the owner\u2019s next login is not held (issue 28, 9c)', async () => {
    const person = await makeStaff(t.db, 'admin', t.clock.now());
    const secret = await bindTotp(t, person.id);
    const { challenge } = await challengeOf(person.account);
    const right = totpCode(secret, t.clock.now());
    const wrong = Array.from({ length: 30 }, (_, i) => String((Number(right) + 1 + i * 7919) % 1_000_000).padStart(6, '0')).filter((c) => c !== right);
    const answers = await Promise.all(wrong.map((code) => post('/api/admin/login/totp', { challenge, code })));
    expect(answers.filter((a) => a.msg.startsWith('动态码错误，还可尝试')).length).toBe(4);
    expect(answers.filter((a) => a.status === 429).length).toBe(wrong.length - 4);
    const spent = { status: 429, msg: '错误次数过多，本次登录已失效，请重新输入账号和密码' };
    expect(await post('/api/admin/login/totp', { challenge, code: right })).toMatchObject(spent);
    // counted per login attempt: five wrong codes by someone else held the owner for 15 minutes before
    expect(await staffLoginWithTotp(t, person.account, defaultPassword, secret)).toMatchObject({ status: 200, code: 1 });
  });

  it('bounds guessing per account: after 20 wrong codes in an hour the password leads to no new challenge, the owner\u2019s SMS login still does; admins and the owner are told once', async () => {
    const admin = await makeStaff(t.db, 'admin', t.clock.now());
    const person = await makeStaff(t.db, 'finance', t.clock.now());
    const phone = uniquePhone();
    await t.db.update(staff).set({ phone }).where(eq(staff.id, person.id));
    const secret = await bindTotp(t, person.id);
    const right = totpCode(secret, t.clock.now());
    const wrong = right === '000000' ? '111111' : '000000';
    // four challenges of five wrong codes each, as a stranger who knows the password would spend them
    for (let round = 0; round < 4; round++) {
      const { challenge } = await challengeOf(person.account);
      for (let i = 0; i < 5; i++) expect((await post('/api/admin/login/totp', { challenge, code: wrong })).status).not.toBe(200);
    }
    const held = await staffPasswordLogin(t.app, person.account, defaultPassword);
    expect(held).toMatchObject({ status: 429, msg: '该账号近1小时内动态码错误次数过多，已暂停用密码登录，并已通知管理员。请改用短信验证码登录，或请管理员重置您的密码' });
    // a wrong password is still a wrong password: nothing told to someone who does not know it
    expect(await staffPasswordLogin(t.app, person.account, 'Not-The-Pass#2026')).toMatchObject({ status: 400 });

    // the owner's phone still gets in
    await post('/api/admin/code4sms', { phone });
    const bySms = await post<StaffMfaChallenge>('/api/admin/loginForCode', { phone, code: await lastSmsCode(t.db, phone) });
    expect(bySms.data.mfa).toBe('totp');
    expect(await post('/api/admin/login/totp', { challenge: bySms.data.challenge, code: right })).toMatchObject({ status: 200, code: 1 });

    // told once this hour: a 系统提醒 for the admins naming the account, an SMS to the owner
    const alerts = await t.db.select().from(staffAlerts).where(and(eq(staffAlerts.kind, 'staff_login'), eq(staffAlerts.role, 'admin')));
    const mine = alerts.filter((a) => a.title.includes(person.account));
    expect(mine).toHaveLength(1);
    expect(mine[0]!.content).toContain('密码可能已泄露');
    const sms = await t.db.select().from(outbox).where(and(eq(outbox.recipient, phone), eq(outbox.template, 'staff_login_alert')));
    expect(sms).toHaveLength(1);
    expect(sms[0]!.body).toContain(`您的后台账号 ${person.account} 近1小时内两步验证码错误 5 次`);

    // a new password (the admin's, a while later) shuts the stranger out and lets the owner's password in again
    t.clock.advance(10 * 60_000);
    expect(await post('/api/admin/staff/password', { id: person.id, password: 'Fresh#Ledger-2026' }, admin.token)).toMatchObject({ status: 200 });
    expect((await staffPasswordLogin(t.app, person.account, 'Fresh#Ledger-2026')).data).toMatchObject({ mfa: 'totp' });
  });

  it('counts the tries still open on live challenges: ten password logins at once get four challenges, not fifty guesses', async () => {
    const person = await makeStaff(t.db, 'admin', t.clock.now());
    await bindTotp(t, person.id);
    const answers = await Promise.all(Array.from({ length: 10 }, () => staffPasswordLogin(t.app, person.account, defaultPassword)));
    expect(answers.filter((a) => a.status === 200 && (a.data as StaffMfaChallenge).mfa === 'totp')).toHaveLength(4);
    expect(answers.filter((a) => a.status === 429)).toHaveLength(6);
    // the open ones expire: five minutes later the password leads on again
    t.clock.advance(5 * 60_000 + 1000);
    expect((await challengeOf(person.account)).mfa).toBe('totp');
  });

  it('lets a challenge expire after five minutes', async () => {
    const person = await makeStaff(t.db, 'admin', t.clock.now());
    const secret = await bindTotp(t, person.id);
    const { challenge } = await challengeOf(person.account);
    t.clock.advance(5 * 60_000 + 1000);
    expect(await post('/api/admin/login/totp', { challenge, code: totpCode(secret, t.clock.now()) })).toMatchObject({ status: 401, msg: '登录验证已超时，请重新输入账号和密码' });
  });
});

describe('an admin resets another person’s authenticator', () => {
  it('unbinds it (audited), ends their sessions, and hands over a one-time setup code the next binding needs (issue 28, 9b)', async () => {
    const admin = await makeStaff(t.db, 'admin', t.clock.now());
    const person = await makeStaff(t.db, 'finance', t.clock.now());
    const secret = await bindTotp(t, person.id);
    const login = await staffLoginWithTotp(t, person.account, defaultPassword, secret);
    const reset = await post<StaffTotpReset>('/api/admin/staff/totp/reset', { id: person.id }, admin.token);
    expect(reset).toMatchObject({ status: 200, code: 1, msg: '身份验证器已重置，请将绑定码当面或电话交给该员工', data: { account: { totpEnabled: false } } });
    const { setupCode, setupCodeExpiresAt } = reset.data;
    expect(setupCode).toMatch(/^[A-HJKMNP-Z2-9]{5}-[A-HJKMNP-Z2-9]{5}$/);
    expect(new Date(setupCodeExpiresAt).getTime() - t.clock.now().getTime()).toBe(24 * 3600_000);
    expect(reset.data.account.setupCodeExpiresAt).toBe(setupCodeExpiresAt);
    const [audit] = await t.db.select().from(auditLog).orderBy(desc(auditLog.id)).limit(1);
    expect(audit).toMatchObject({ action: 'staff.totp.reset', targetKey: String(person.id), staffId: admin.id });
    // kept hashed; never in the audit row
    expect(JSON.stringify(audit)).not.toContain(setupCode.replace('-', ''));
    const [row] = await t.db.select().from(staff).where(eq(staff.id, person.id));
    expect(row!.totpSetupCodeHash).not.toContain(setupCode.replace('-', ''));
    expect((await me(login.data.token)).status).toBe(401);

    // the password alone (perhaps the very thing that leaked) binds nothing
    const first = await challengeOf(person.account);
    expect(first).toMatchObject({ mfa: 'setup', needsSetupCode: true });
    expect(await post('/api/admin/totp/setup', { challenge: first.challenge })).toMatchObject({ status: 400, msg: '请输入管理员发放的绑定码' });
    expect(await post('/api/admin/totp/enable', { challenge: first.challenge, code: '123456' })).toMatchObject({ status: 409, msg: '请先输入管理员发放的绑定码，请重新登录' });
    expect(await post('/api/admin/totp/setup', { challenge: first.challenge, setupCode: 'ABCDE-FGHJK' })).toMatchObject({ status: 400, msg: '绑定码错误，还可尝试4次' });
    // the code as handed over, typed in lower case with a space
    const setup = await post<StaffTotpSetup>('/api/admin/totp/setup', { challenge: first.challenge, setupCode: setupCode.toLowerCase().replace('-', ' ') });
    expect(setup).toMatchObject({ status: 200, data: { account: person.account } });
    expect((await post<StaffTotpSetup>('/api/admin/totp/setup', { challenge: first.challenge })).data.secret).toBe(setup.data.secret);
    const enabled = await post<StaffTotpEnabled>('/api/admin/totp/enable', { challenge: first.challenge, code: totpCode(setup.data.secret, t.clock.now()) });
    expect(enabled).toMatchObject({ status: 200, code: 1 });
    const [bound] = await t.db.select().from(staff).where(eq(staff.id, person.id));
    expect(bound).toMatchObject({ totpSetupCodeHash: null, totpSetupCodeExpiresAt: null });

    // single use: after another reset the old code is wrong; an unused code expires after 24 hours
    const again = await post<StaffTotpReset>('/api/admin/staff/totp/reset', { id: person.id }, admin.token);
    const second = await challengeOf(person.account);
    expect(await post('/api/admin/totp/setup', { challenge: second.challenge, setupCode })).toMatchObject({ status: 400, msg: '绑定码错误，还可尝试4次' });
    t.clock.advance(24 * 3600_000 + 1000);
    const late = await challengeOf(person.account);
    expect(await post('/api/admin/totp/setup', { challenge: late.challenge, setupCode: again.data.setupCode })).toMatchObject({ status: 409, msg: '绑定码已过期，请联系管理员重新发放' });

    const lab = await makeStaff(t.db, 'lab', t.clock.now());
    expect((await post('/api/admin/staff/totp/reset', { id: admin.id }, lab.token)).status).toBe(403);
  });

  it('asks for a setup code when a role that needs an authenticator is given to an account already in use', async () => {
    const admin = await makeStaff(t.db, 'admin', t.clock.now());
    const person = await makeStaff(t.db, 'sales', t.clock.now());
    expect((await staffPasswordLogin(t.app, person.account, defaultPassword)).data).toHaveProperty('token');
    await post('/api/admin/staff/update', { id: person.id, name: '升职财务', role: 'finance' }, admin.token);
    const first = await challengeOf(person.account);
    expect(first).toMatchObject({ mfa: 'setup', needsSetupCode: true });
    expect(await post('/api/admin/totp/setup', { challenge: first.challenge, setupCode: 'ABCDE-FGHJK' })).toMatchObject({
      status: 409,
      msg: '绑定身份验证器需要管理员发放的绑定码，请联系管理员在“员工账号”中为您发放',
    });
    // the admin issues one (the same call, on an account not bound yet)
    const issued = await post<StaffTotpReset>('/api/admin/staff/totp/reset', { id: person.id }, admin.token);
    const next = await challengeOf(person.account);
    expect(await post('/api/admin/totp/setup', { challenge: next.challenge, setupCode: issued.data.setupCode })).toMatchObject({ status: 200 });
  });
});

describe('demo mode', () => {
  it('knows every README demo password', () => {
    const seeded = [demoAccounts.member.password, demoAccounts.teacher.password, ...demoAccounts.staff.map((person) => person.password)];
    expect(new Set(DEMO_PASSWORDS)).toEqual(new Set(seeded));
  });

  it('refuses the demo accounts and the README passwords outside demo mode, after the password checked out', async () => {
    const seeded = await createStaff(t.db, { account: 'demo.admin', name: '演示', role: 'admin', password: 'Admin@2026', demoCredentials: true });
    const refused = { status: 403, msg: '该账号使用公开的演示密码，只能在演示模式下登录。请管理员重置其密码，或用 npm run staff:create 创建新账号' };
    expect(await staffPasswordLogin(t.app, 'demo.admin', 'Admin@2026')).toMatchObject(refused);
    expect(await staffPasswordLogin(t.app, 'demo.admin', 'not-the-password')).toMatchObject({ status: 400, msg: '账号或密码错误，还可尝试3次' });
    // a demo password on an account that is not marked (set before the strength rules)
    await createStaff(t.db, { account: 'old.lab', name: '旧账号', role: 'lab', password: 'Lab@2026!' });
    expect(await staffPasswordLogin(t.app, 'old.lab', 'Lab@2026!')).toMatchObject(refused);
    // in demo mode they log in (admin goes on to the TOTP step)
    expect(await loginStaff(t.db, { account: 'demo.admin', password: 'Admin@2026' }, { now: t.clock.now() }, { demo: true })).toMatchObject({ mfa: 'setup' });
    // an admin's new password ends the demo account: it logs in outside demo mode
    const admin = await makeStaff(t.db, 'admin', t.clock.now());
    expect(await post('/api/admin/staff/password', { id: seeded.id, password: 'Fresh#Lab-Pass26' }, admin.token)).toMatchObject({ status: 200 });
    expect(await staffPasswordLogin(t.app, 'demo.admin', 'Fresh#Lab-Pass26')).toMatchObject({ status: 200, data: { mfa: 'setup' } });
  });
});
