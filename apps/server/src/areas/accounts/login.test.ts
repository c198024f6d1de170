import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LoginResult, UserInfo } from '@lab/contract';
import { call, createTestContext, type TestContext } from '../../../test/harness';
import { defaultPassword, makeLoggedInMember, makeMember } from '../../../test/factories';
import { expired, notLoggedIn, passwordLogin, userInfo } from '../../../test/auth-flows';
import { members } from './accounts.tables';

let t: TestContext;
beforeAll(async () => {
  t = await createTestContext();
});
afterAll(() => t.close());

const MINUTE = 60_000;
const locked = (minutes: number) => ({ status: 429, code: 0, msg: `密码错误次数过多，账号已锁定，请${minutes}分钟后再试` });

describe('POST /api/open/login', () => {
  it('logs in with phone and password from a form and answers token, refreshToken, expires', async () => {
    const member = await makeMember(t.db);
    const res = await passwordLogin(t.app, member.phone, defaultPassword);
    expect(res).toMatchObject({ status: 200, code: 1, msg: '登录成功!' });
    expect(res.data.token).toMatch(/^[\w-]{40,}$/);
    expect(res.data.refreshToken).toMatch(/^[\w-]{40,}$/);
    expect(res.data.refreshToken).not.toBe(res.data.token);
    expect(res.data.expires).toBe(Math.floor(t.clock.now().getTime() / 1000) + 2 * 3600);
    // the answer is written from the contract's loginResult: nothing of the session row beside the tokens
    expect(Object.keys(res.data).sort()).toEqual(['expires', 'refreshToken', 'token']);
    const info = await userInfo(t.app, res.data.token);
    expect(info).toMatchObject({ status: 200, code: 1 });
    expect((info.data as UserInfo).account.phone).toBe(member.phone);
  });

  it('accepts a JSON body as well as a form', async () => {
    const member = await makeMember(t.db);
    const res = await call<LoginResult>(t.app, 'POST', '/api/open/login', { json: { account: member.phone, password: defaultPassword } });
    expect(res).toMatchObject({ status: 200, code: 1, msg: '登录成功!' });
    expect(res.data.token).toBeTruthy();
  });

  it('records the time of the last login', async () => {
    const member = await makeMember(t.db);
    await passwordLogin(t.app, member.phone, defaultPassword);
    const [row] = await t.db.select().from(members).where(eq(members.id, member.id));
    expect(row?.lastLoginAt?.getTime()).toBe(t.clock.now().getTime());
  });

  it.each([
    ['no field at all', {}, '[用户名/手机号]不能为空'],
    ['no account', { password: defaultPassword }, '[用户名/手机号]不能为空'],
    ['a blank account', { account: '   ', password: defaultPassword }, '[用户名/手机号]不能为空'],
    ['no password', { account: '13900000000' }, '[密码]不能为空'],
    ['an empty password', { account: '13900000000', password: '' }, '[密码]不能为空'],
  ])('refuses %s with the spec message', async (_name, form, msg) => {
    const res = await call(t.app, 'POST', '/api/open/login', { form });
    expect(res).toMatchObject({ status: 400, code: 0, msg });
  });

  it('gives the spec message for a missing field in a JSON body too, also when the value is not a string', async () => {
    expect(await call(t.app, 'POST', '/api/open/login', { json: { password: defaultPassword } })).toMatchObject({
      status: 400,
      msg: '[用户名/手机号]不能为空',
    });
    expect(await call(t.app, 'POST', '/api/open/login', { json: { account: '13900000000', password: null } })).toMatchObject({
      status: 400,
      msg: '[密码]不能为空',
    });
  });

  it('treats a POST without any body as a form with every field missing', async () => {
    const res = await call(t.app, 'POST', '/api/open/login');
    expect(res).toMatchObject({ status: 400, code: 0, msg: '[用户名/手机号]不能为空' });
  });

  it('answers a broken JSON body with 400 in the envelope', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/open/login',
      payload: '{"account":',
      headers: { 'content-type': 'application/json' },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ code: 0, msg: '请求参数有误', data: null });
  });

  it('refuses a wrong password and an unknown account alike, saying how many tries remain', async () => {
    const member = await makeMember(t.db);
    const wrong = await passwordLogin(t.app, member.phone, 'not-the-password');
    expect(wrong).toMatchObject({ status: 400, code: 0, msg: '账号或密码错误，还可尝试4次', data: null });
    const unknown = await passwordLogin(t.app, '13000000001', 'whatever-1');
    expect(unknown).toMatchObject({ status: 400, code: 0, msg: '账号或密码错误，还可尝试4次', data: null });
  });

  it('refuses any password for a member who only ever logged in by SMS', async () => {
    const member = await makeMember(t.db, { password: null });
    expect(await passwordLogin(t.app, member.phone, defaultPassword)).toMatchObject({ status: 400, code: 0 });
  });

  it('refuses a disabled account even with the right password', async () => {
    const member = await makeMember(t.db, { disabled: true });
    expect(await passwordLogin(t.app, member.phone, defaultPassword)).toMatchObject({
      status: 403,
      code: 0,
      msg: '该账号已停用，请联系客服',
    });
  });

  it('stores passwords as argon2id, never in clear', async () => {
    const member = await makeMember(t.db);
    const [row] = await t.db.select({ hash: members.passwordHash }).from(members).where(eq(members.id, member.id));
    expect(row?.hash).toMatch(/^\$argon2id\$/);
    expect(row?.hash).not.toContain(defaultPassword);
  });
});

describe('the password hold (5 wrong in 15 minutes → 15 minutes)', () => {
  it('holds the account on the fifth wrong password, refuses even the right one, and frees it after 15 minutes', async () => {
    const member = await makeMember(t.db);
    for (let left = 4; left >= 1; left -= 1) {
      expect(await passwordLogin(t.app, member.phone, 'wrong-password')).toMatchObject({
        status: 400,
        msg: `账号或密码错误，还可尝试${left}次`,
      });
    }
    expect(await passwordLogin(t.app, member.phone, 'wrong-password')).toMatchObject(locked(15));
    expect(await passwordLogin(t.app, member.phone, defaultPassword)).toMatchObject(locked(15));

    t.clock.advance(5 * MINUTE);
    expect(await passwordLogin(t.app, member.phone, defaultPassword)).toMatchObject(locked(10));

    t.clock.advance(10 * MINUTE - 1000);
    expect(await passwordLogin(t.app, member.phone, defaultPassword)).toMatchObject(locked(1));

    t.clock.advance(1000);
    expect(await passwordLogin(t.app, member.phone, defaultPassword)).toMatchObject({ status: 200, code: 1 });
  });

  it('starts counting afresh after the hold', async () => {
    const member = await makeMember(t.db);
    for (let i = 0; i < 5; i += 1) await passwordLogin(t.app, member.phone, 'wrong-password');
    t.clock.advance(15 * MINUTE);
    expect(await passwordLogin(t.app, member.phone, 'wrong-password')).toMatchObject({ msg: '账号或密码错误，还可尝试4次' });
  });

  it('forgets wrong passwords older than 15 minutes', async () => {
    const member = await makeMember(t.db);
    for (let i = 0; i < 4; i += 1) await passwordLogin(t.app, member.phone, 'wrong-password');
    t.clock.advance(16 * MINUTE);
    expect(await passwordLogin(t.app, member.phone, 'wrong-password')).toMatchObject({
      status: 400,
      msg: '账号或密码错误，还可尝试4次',
    });
  });

  it('clears the count on a successful login', async () => {
    const member = await makeMember(t.db);
    for (let i = 0; i < 4; i += 1) await passwordLogin(t.app, member.phone, 'wrong-password');
    expect(await passwordLogin(t.app, member.phone, defaultPassword)).toMatchObject({ status: 200 });
    expect(await passwordLogin(t.app, member.phone, 'wrong-password')).toMatchObject({ msg: '账号或密码错误，还可尝试4次' });
  });

  it('holds the person, not the spelling: logging in by rid after five wrong tries by phone is refused too', async () => {
    const member = await makeMember(t.db);
    for (let i = 0; i < 5; i += 1) await passwordLogin(t.app, member.phone, 'wrong-password');
    expect(await passwordLogin(t.app, member.rid, defaultPassword)).toMatchObject(locked(15));
  });

  it('holds one account without holding another', async () => {
    const held = await makeMember(t.db);
    const other = await makeMember(t.db);
    for (let i = 0; i < 5; i += 1) await passwordLogin(t.app, held.phone, 'wrong-password');
    expect(await passwordLogin(t.app, other.phone, defaultPassword)).toMatchObject({ status: 200, code: 1 });
  });

  it('counts concurrent wrong passwords: ten at once leave the account held', async () => {
    const member = await makeMember(t.db);
    const results = await Promise.all(Array.from({ length: 10 }, () => passwordLogin(t.app, member.phone, 'wrong-password')));
    expect(results.filter((r) => r.status === 429).length).toBeGreaterThanOrEqual(1);
    expect(await passwordLogin(t.app, member.phone, defaultPassword)).toMatchObject({ status: 429 });
  });
});

describe('POST /api/auth/user/info', () => {
  it('answers the account, the address list and the plan count', async () => {
    const { member, token } = await makeLoggedInMember(t.db, t.clock.now());
    const res = await userInfo(t.app, token);
    expect(res).toMatchObject({ status: 200, code: 1 });
    const data = res.data as UserInfo;
    expect(data).toMatchObject({ addressList: [], cartNum: 0 });
    expect(data.account).toMatchObject({ rid: member.rid, phone: member.phone, inviteCode: member.inviteCode, hasPassword: true });
    expect(JSON.stringify(data)).not.toMatch(/argon2|passwordHash|"id"/);
  });

  it('stops answering a member who was disabled after logging in', async () => {
    const { member, token } = await makeLoggedInMember(t.db, t.clock.now());
    expect(await userInfo(t.app, token)).toMatchObject({ status: 200 });
    await t.db.update(members).set({ disabled: true }).where(eq(members.id, member.id));
    expect(await userInfo(t.app, token)).toMatchObject(expired);
  });

  it('answers 401 without a token and with a made-up one', async () => {
    expect(await call(t.app, 'POST', '/api/auth/user/info')).toMatchObject(notLoggedIn);
    expect(await userInfo(t.app, 'made-up-token')).toMatchObject(expired);
  });
});
