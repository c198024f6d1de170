import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { weakPasswordMessage, type LoginResult, type UserInfo } from '@lab/contract';
import { call, createTestContext, uniquePhone, type TestContext } from '../../../test/harness';
import { defaultPassword, makeLoggedInMember, makeMember } from '../../../test/factories';
import {
  SmsPurpose,
  codeRows,
  expired,
  memberByPhone,
  otherCode,
  passwordLogin,
  registerViaApi,
  requestCode,
  userInfo,
} from '../../../test/auth-flows';
import { members } from './accounts.tables';

let t: TestContext;
beforeAll(async () => {
  t = await createTestContext();
});
afterAll(() => t.close());

/** the forms as the web sends them: 用户协议 and 隐私政策 ticked unless the test says otherwise */
const sign = (form: Record<string, string | undefined>) => call(t.app, 'POST', '/api/open/sign', { form: { agreement: '1', ...form } });
const reset = (form: Record<string, string | undefined>) => call(t.app, 'POST', '/api/open/reset', { form });
const smsLogin = (form: Record<string, string | undefined>) =>
  call<LoginResult & { newMember: boolean }>(t.app, 'POST', '/api/open/loginForCode', { form: { agreement: '1', ...form } });

describe('POST /api/open/sign', () => {
  it('registers with phone, code and password; the new member can then log in with that password', async () => {
    const phone = uniquePhone();
    const code = await requestCode(t.app, t.db, phone, SmsPurpose.register);
    const res = await sign({ phone, code, password: 'Good#Lab-Pass26' });
    expect(res).toMatchObject({ status: 200, code: 1, msg: '注册成功!' });
    expect((res.data as { rid: string }).rid).toMatch(/^\w{16}$/);

    const member = await memberByPhone(t.db, phone);
    expect(member?.passwordHash).toMatch(/^\$argon2id\$/);
    expect(member?.passwordHash).not.toContain('Good#Lab-Pass26');
    expect(member?.inviterId).toBeNull();

    expect(await passwordLogin(t.app, phone, 'Good#Lab-Pass26')).toMatchObject({ status: 200, code: 1, msg: '登录成功!' });
    expect(await passwordLogin(t.app, phone, 'WrongPassw0rd')).toMatchObject({ status: 400, code: 0 });
  });

  it('accepts a JSON body', async () => {
    const phone = uniquePhone();
    const code = await requestCode(t.app, t.db, phone, SmsPurpose.register);
    expect(await call(t.app, 'POST', '/api/open/sign', { json: { phone, code, password: defaultPassword, agreement: true } })).toMatchObject({
      status: 200,
      code: 1,
    });
  });

  it('records the inviter given by invite code as members.inviter_id', async () => {
    const inviter = await makeMember(t.db);
    const phone = await registerViaApi(t.app, t.db, defaultPassword, { inviterCode: inviter.inviteCode });
    expect((await memberByPhone(t.db, phone))?.inviterId).toBe(inviter.id);
  });

  it('refuses an unknown invite code and keeps the code usable', async () => {
    const phone = uniquePhone();
    const code = await requestCode(t.app, t.db, phone, SmsPurpose.register);
    expect(await sign({ phone, code, password: defaultPassword, inviterCode: 'NOPE1234' })).toMatchObject({
      status: 400,
      code: 0,
      msg: '邀请码无效，请核对后再试',
    });
    expect(await memberByPhone(t.db, phone)).toBeUndefined();
    expect(await sign({ phone, code, password: defaultPassword, inviterCode: '' })).toMatchObject({ status: 200, code: 1 });
  });

  it.each([
    ['nothing at all (only the first error)', {}, '[手机号]不能为空'],
    ['no phone', { code: '123456', password: defaultPassword }, '[手机号]不能为空'],
    ['a malformed phone', { phone: '1390000', code: '123456', password: defaultPassword }, '[手机号]格式不正确'],
    ['no code', { phone: '13900000000', password: defaultPassword }, '[验证码]不能为空'],
    ['a code that is not six digits', { phone: '13900000000', code: '12ab', password: defaultPassword }, '[验证码]应为6位数字'],
    ['no password', { phone: '13900000000', code: '123456' }, '[密码]不能为空'],
    ['a blank password', { phone: '13900000000', code: '123456', password: '   ' }, '[密码]不能为空'],
    ['a 7-character password', { phone: '13900000000', code: '123456', password: 'Abc1234' }, '[密码]不能少于10位'],
    // issue 16: 12345678 and password were accepted
    ['12345678', { phone: '13900000000', code: '123456', password: '12345678' }, '[密码]不能少于10位'],
    ['password', { phone: '13900000000', code: '123456', password: 'password' }, '[密码]不能少于10位'],
    ['ten digits in a row', { phone: '13900000000', code: '123456', password: '1234567890' }, weakPasswordMessage()],
    ['a common word and digits', { phone: '13900000000', code: '123456', password: 'password12' }, weakPasswordMessage()],
    ['a keyboard row', { phone: '13900000000', code: '123456', password: 'qwertyuiop' }, weakPasswordMessage()],
    ['a README demo password', { phone: '13900000000', code: '123456', password: 'Finance@2026' }, weakPasswordMessage()],
    ['a 65-character password', { phone: '13900000000', code: '123456', password: 'a'.repeat(65) }, '[密码]不能超过64个字符'],
  ])('refuses %s with the spec message', async (_name, form, msg) => {
    expect(await sign(form)).toMatchObject({ status: 400, code: 0, msg });
  });

  it('refuses a wrong code, an expired code and a used code', async () => {
    const phone = uniquePhone();
    const code = await requestCode(t.app, t.db, phone, SmsPurpose.register);
    expect(await sign({ phone, code: otherCode(code), password: defaultPassword })).toMatchObject({
      status: 400,
      msg: '验证码错误，还可尝试4次',
    });
    t.clock.advance(5 * 60_000);
    expect(await sign({ phone, code, password: defaultPassword })).toMatchObject({ status: 400, msg: '验证码已过期，请重新获取' });

    const fresh = await requestCode(t.app, t.db, phone, SmsPurpose.register);
    expect(await sign({ phone, code: fresh, password: defaultPassword })).toMatchObject({ status: 200, code: 1 });
    // the code is checked first: a spent one is simply spent (whether the phone is registered is not said)
    const again = await sign({ phone, code: fresh, password: defaultPassword });
    expect(again).toMatchObject({ status: 400, code: 0, msg: '验证码错误或已失效，请重新获取' });
  });

  it('counts wrong codes on sign-up too: five wrong tries kill the code', async () => {
    const phone = uniquePhone();
    const code = await requestCode(t.app, t.db, phone, SmsPurpose.register);
    for (let i = 0; i < 5; i += 1) await sign({ phone, code: otherCode(code), password: defaultPassword });
    expect(await sign({ phone, code, password: defaultPassword })).toMatchObject({
      status: 400,
      msg: '验证码错误次数过多，请重新获取',
    });
    expect(await memberByPhone(t.db, phone)).toBeUndefined();
  });

  it('answers a registered phone without its code exactly as an unregistered one (issue 16: it said 409 已注册)', async () => {
    const member = await makeMember(t.db);
    const registered = await sign({ phone: member.phone, code: '123456', password: defaultPassword });
    const unknown = await sign({ phone: uniquePhone(), code: '123456', password: defaultPassword });
    expect(registered).toMatchObject({ status: 400, code: 0, msg: '验证码错误或已失效，请重新获取' });
    expect({ status: unknown.status, msg: unknown.msg }).toEqual({ status: registered.status, msg: registered.msg });
  });

  it('lets one of two concurrent sign-ups with the same phone win; the other gets 409', async () => {
    const phone = uniquePhone();
    const code = await requestCode(t.app, t.db, phone, SmsPurpose.register);
    const results = await Promise.all([
      sign({ phone, code, password: 'First#Lab-Pass26' }),
      sign({ phone, code, password: 'Second#Lab-Pass26' }),
    ]);
    expect(results.map((r) => r.status).sort()).toEqual([200, 409]);
    expect(results.find((r) => r.status === 409)).toMatchObject({ code: 0, msg: '该手机号已注册，请直接登录' });
    expect(await t.db.select().from(members).where(eq(members.phone, phone))).toHaveLength(1);
  });
});

describe('POST /api/open/reset', () => {
  it('sets a new password with a reset code, logs every device out and keeps the old password from working', async () => {
    const { member, token, refreshToken } = await makeLoggedInMember(t.db, t.clock.now());
    const second = await passwordLogin(t.app, member.phone, defaultPassword);
    const code = await requestCode(t.app, t.db, member.phone, SmsPurpose.reset);

    const res = await reset({ account: member.phone, code, password: 'BrandNewPass1' });
    expect(res).toMatchObject({ status: 200, code: 1, msg: '密码重置成功!' });

    expect(await userInfo(t.app, token)).toMatchObject(expired);
    expect(await userInfo(t.app, second.data.token)).toMatchObject(expired);
    expect(await call(t.app, 'POST', '/api/open/refresh4token', { query: { token: refreshToken } })).toMatchObject(expired);

    expect(await passwordLogin(t.app, member.phone, defaultPassword)).toMatchObject({ status: 400, code: 0 });
    expect(await passwordLogin(t.app, member.phone, 'BrandNewPass1')).toMatchObject({ status: 200, code: 1 });
    const [row] = await t.db.select().from(members).where(eq(members.id, member.id));
    expect(row?.passwordHash).toMatch(/^\$argon2id\$/);
  });

  it('frees an account held for wrong passwords', async () => {
    const member = await makeMember(t.db);
    for (let i = 0; i < 5; i += 1) await passwordLogin(t.app, member.phone, 'wrong-password');
    expect(await passwordLogin(t.app, member.phone, defaultPassword)).toMatchObject({ status: 429 });
    const code = await requestCode(t.app, t.db, member.phone, SmsPurpose.reset);
    expect(await reset({ account: member.phone, code, password: 'BrandNewPass1' })).toMatchObject({ status: 200 });
    expect(await passwordLogin(t.app, member.phone, 'BrandNewPass1')).toMatchObject({ status: 200, code: 1 });
  });

  it.each([
    ['nothing at all', {}, '[手机号]不能为空'],
    ['no account', { code: '123456', password: defaultPassword }, '[手机号]不能为空'],
    ['no code', { account: '13900000000', password: defaultPassword }, '[验证码]不能为空'],
    ['no password', { account: '13900000000', code: '123456' }, '[密码]不能为空'],
    ['a short password', { account: '13900000000', code: '123456', password: 'short' }, '[密码]不能少于10位'],
    ['an easy password', { account: '13900000000', code: '123456', password: 'password12' }, weakPasswordMessage()],
  ])('refuses %s with the spec message', async (_name, form, msg) => {
    expect(await reset(form)).toMatchObject({ status: 400, code: 0, msg });
  });

  it('refuses a wrong code, counts it, and leaves the password unchanged', async () => {
    const member = await makeMember(t.db);
    const code = await requestCode(t.app, t.db, member.phone, SmsPurpose.reset);
    expect(await reset({ account: member.phone, code: otherCode(code), password: 'BrandNewPass1' })).toMatchObject({
      status: 400,
      msg: '验证码错误，还可尝试4次',
    });
    const [row] = await codeRows(t.db, member.phone, SmsPurpose.reset);
    expect(row?.attempts).toBe(1);
    expect(await passwordLogin(t.app, member.phone, defaultPassword)).toMatchObject({ status: 200 });
  });

  it('refuses an expired code and a reused one', async () => {
    const member = await makeMember(t.db);
    const code = await requestCode(t.app, t.db, member.phone, SmsPurpose.reset);
    expect(await reset({ account: member.phone, code, password: 'BrandNewPass1' })).toMatchObject({ status: 200 });
    expect(await reset({ account: member.phone, code, password: 'Other#Lab-Pass26' })).toMatchObject({
      status: 400,
      msg: '验证码错误或已失效，请重新获取',
    });
    t.clock.advance(60_000);
    const late = await requestCode(t.app, t.db, member.phone, SmsPurpose.reset);
    t.clock.advance(5 * 60_000 + 1);
    expect(await reset({ account: member.phone, code: late, password: 'Other#Lab-Pass26' })).toMatchObject({
      status: 400,
      msg: '验证码已过期，请重新获取',
    });
  });

  it('answers a phone nobody registered exactly as a registered one without its code (issue 16: it said 404)', async () => {
    const member = await makeMember(t.db);
    const unknown = await reset({ account: uniquePhone(), code: '123456', password: 'BrandNewPass1' });
    const registered = await reset({ account: member.phone, code: '123456', password: 'BrandNewPass1' });
    expect(unknown).toMatchObject({ status: 400, code: 0, msg: '验证码错误或已失效，请重新获取' });
    expect({ status: registered.status, msg: registered.msg }).toEqual({ status: unknown.status, msg: unknown.msg });
  });
});

describe('POST /api/open/loginForCode', () => {
  it('registers an unknown phone on its first SMS login and logs it in', async () => {
    const phone = uniquePhone();
    const code = await requestCode(t.app, t.db, phone, SmsPurpose.login);
    const res = await smsLogin({ phone, code });
    expect(res).toMatchObject({ status: 200, code: 1, msg: '登录成功!' });
    expect(res.data).toMatchObject({ newMember: true, expires: Math.floor(t.clock.now().getTime() / 1000) + 7200 });
    const info = await userInfo(t.app, res.data.token);
    expect((info.data as UserInfo).account).toMatchObject({ phone, hasPassword: false });
  });

  it('logs a registered member in without creating anyone', async () => {
    const member = await makeMember(t.db);
    const code = await requestCode(t.app, t.db, member.phone, SmsPurpose.login);
    const res = await smsLogin({ phone: member.phone, code });
    expect(res).toMatchObject({ status: 200, code: 1 });
    expect(res.data.newMember).toBe(false);
    expect((await userInfo(t.app, res.data.token)).data).toMatchObject({ account: { rid: member.rid } });
    expect(await t.db.select().from(members).where(eq(members.phone, member.phone))).toHaveLength(1);
  });

  it.each([
    ['nothing at all', {}, '[手机号]不能为空'],
    ['no phone', { code: '123456' }, '[手机号]不能为空'],
    ['no code', { phone: '13900000000' }, '[验证码]不能为空'],
    ['a blank code', { phone: '13900000000', code: ' ' }, '[验证码]不能为空'],
  ])('refuses %s with the spec message', async (_name, form, msg) => {
    expect(await smsLogin(form)).toMatchObject({ status: 400, code: 0, msg });
  });

  it('refuses a disabled member', async () => {
    const member = await makeMember(t.db, { disabled: true });
    const code = await requestCode(t.app, t.db, member.phone, SmsPurpose.login);
    expect(await smsLogin({ phone: member.phone, code })).toMatchObject({ status: 403, msg: '该账号已停用，请联系客服' });
  });

  it('creates a single member when two first SMS logins race with the same code', async () => {
    const phone = uniquePhone();
    const code = await requestCode(t.app, t.db, phone, SmsPurpose.login);
    const results = await Promise.all([smsLogin({ phone, code }), smsLogin({ phone, code })]);
    expect(results.map((r) => r.status).sort()).toEqual([200, 400]);
    expect(await t.db.select().from(members).where(eq(members.phone, phone))).toHaveLength(1);
  });
});
