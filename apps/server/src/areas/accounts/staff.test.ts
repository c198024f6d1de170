import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LoginResult, StaffRole } from '@lab/contract';
import { call, createTestContext, type TestContext } from '../../../test/harness';
import { defaultPassword, makeLoggedInMember, makeMember, makeStaff } from '../../../test/factories';
import { bindTotp, expired, notLoggedIn, staffLoginWithTotp, userInfo } from '../../../test/auth-flows';
import { staff } from './accounts.tables';

let t: TestContext;
beforeAll(async () => {
  t = await createTestContext();
});
afterAll(() => t.close());

const adminLogin = (form: Record<string, string | undefined>) => call<LoginResult>(t.app, 'POST', '/api/admin/login', { form });
const me = (token?: string) => call(t.app, 'POST', '/api/admin/me', token ? { token } : {});

describe('POST /api/admin/login and /api/admin/me', () => {
  it.each(['admin', 'sales', 'lab', 'finance'] as StaffRole[])('logs a %s in and tells who it is', async (role) => {
    const person = await makeStaff(t.db, role, t.clock.now());
    // admin and finance: password, then the authenticator's code (staff-totp.test.ts)
    const res = role === 'admin' || role === 'finance'
      ? await staffLoginWithTotp(t, person.account, defaultPassword, await bindTotp(t, person.id))
      : await adminLogin({ account: person.account, password: defaultPassword });
    expect(res).toMatchObject({ status: 200, code: 1, msg: '登录成功!' });
    expect(res.data.expires).toBe(Math.floor(t.clock.now().getTime() / 1000) + 7200);
    const info = await me(res.data.token);
    expect(info).toMatchObject({ status: 200, code: 1, data: { account: person.account, name: `测试${role}`, role } });
    expect(info.data).not.toHaveProperty('id');
  });

  it('accepts JSON', async () => {
    const person = await makeStaff(t.db, 'lab', t.clock.now());
    expect(await call(t.app, 'POST', '/api/admin/login', { json: { account: person.account, password: defaultPassword } })).toMatchObject({
      status: 200,
      code: 1,
    });
  });

  it('stores staff passwords as argon2id', async () => {
    const person = await makeStaff(t.db, 'finance', t.clock.now());
    const [row] = await t.db.select({ hash: staff.passwordHash }).from(staff).where(eq(staff.id, person.id));
    expect(row?.hash).toMatch(/^\$argon2id\$/);
  });

  it.each([
    ['no account', { password: defaultPassword }, '[用户名/手机号]不能为空'],
    ['no password', { account: 'admin_x' }, '[密码]不能为空'],
  ])('refuses %s with the spec message', async (_name, form, msg) => {
    expect(await adminLogin(form)).toMatchObject({ status: 400, code: 0, msg });
  });

  it('refuses a wrong password and a member’s credentials', async () => {
    const person = await makeStaff(t.db, 'sales', t.clock.now());
    expect(await adminLogin({ account: person.account, password: 'wrong-password' })).toMatchObject({
      status: 400,
      code: 0,
      msg: '账号或密码错误，还可尝试4次',
    });
    const member = await makeMember(t.db);
    expect(await adminLogin({ account: member.phone, password: defaultPassword })).toMatchObject({ status: 400, code: 0 });
  });

  it('holds a staff account after five wrong passwords for 15 minutes', async () => {
    const person = await makeStaff(t.db, 'admin', t.clock.now());
    for (let i = 0; i < 4; i += 1) await adminLogin({ account: person.account, password: 'wrong-password' });
    expect(await adminLogin({ account: person.account, password: 'wrong-password' })).toMatchObject({
      status: 429,
      msg: '密码错误次数过多，账号已锁定，请15分钟后再试',
    });
    expect(await adminLogin({ account: person.account, password: defaultPassword })).toMatchObject({ status: 429 });
    t.clock.advance(15 * 60_000);
    expect(await adminLogin({ account: person.account, password: defaultPassword })).toMatchObject({ status: 200, code: 1, data: { mfa: 'setup' } });
  });

  it('refuses a disabled staff account at login, and its live token', async () => {
    const person = await makeStaff(t.db, 'lab', t.clock.now());
    await t.db.update(staff).set({ disabled: true }).where(eq(staff.id, person.id));
    expect(await adminLogin({ account: person.account, password: defaultPassword })).toMatchObject({
      status: 403,
      msg: '该员工账号已停用',
    });
    expect(await me(person.token)).toMatchObject({ status: 401, code: 0 });
  });
});

describe('keeping members and staff apart', () => {
  it('answers 401 on /api/admin without a token and with a forged one, 403 to a member token', async () => {
    const { token } = await makeLoggedInMember(t.db, t.clock.now());
    expect(await me()).toMatchObject(notLoggedIn);
    expect(await me('forged')).toMatchObject(expired);
    expect(await me(token)).toMatchObject({ status: 403, code: 0, msg: '此功能仅限工作人员使用' });
  });

  it('answers 401 on /api/auth with a staff token (not a member login)', async () => {
    const person = await makeStaff(t.db, 'admin', t.clock.now());
    expect(await userInfo(t.app, person.token)).toMatchObject(notLoggedIn);
  });

  it('staff tokens expire after 2 hours too', async () => {
    const person = await makeStaff(t.db, 'admin', t.clock.now());
    t.clock.advance(2 * 3_600_000 + 1000);
    expect(await me(person.token)).toMatchObject(expired);
  });

  it('POST /api/admin/logout revokes the staff token', async () => {
    const person = await makeStaff(t.db, 'finance', t.clock.now());
    expect(await call(t.app, 'POST', '/api/admin/logout', { token: person.token })).toMatchObject({ status: 200, code: 1 });
    expect(await me(person.token)).toMatchObject(expired);
  });
});
