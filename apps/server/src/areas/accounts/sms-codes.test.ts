import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createTestContext, lastSmsCode, uniquePhone, type TestContext } from '../../../test/harness';
import { makeMember } from '../../../test/factories';
import { SmsPurpose, codeRows, otherCode, requestCode } from '../../../test/auth-flows';
import { outbox } from '../../db/schema';

let t: TestContext;
beforeAll(async () => {
  t = await createTestContext();
});
afterAll(() => t.close());

const SECOND = 1000;
const sendCode = (phone: string | undefined, useFor: number | string | undefined, ip?: string) =>
  call(t.app, 'POST', '/api/open/code4sms', { form: { phone, useFor }, ...(ip ? { ip } : {}) });
const smsLogin = (phone: string, code: string) => call(t.app, 'POST', '/api/open/loginForCode', { form: { phone, code, agreement: '1' } });

describe('POST /api/open/code4sms', () => {
  it('sends a 6-digit code through the local provider: one outbox row with the text the person reads', async () => {
    const phone = uniquePhone();
    const res = await sendCode(phone, SmsPurpose.login);
    expect(res).toMatchObject({ status: 200, code: 1, msg: '验证码已发送!', data: null });
    const rows = await t.db.select().from(outbox).where(and(eq(outbox.channel, 'sms'), eq(outbox.recipient, phone)));
    expect(rows).toHaveLength(1);
    const code = String(rows[0]!.params.code);
    expect(code).toMatch(/^\d{6}$/);
    expect(rows[0]!.body).toContain(code);
    expect(rows[0]!.body).toContain('5分钟内有效');
    expect(rows[0]!.provider).toBe('local-outbox');
  });

  it('keeps only a hash of the code in sms_codes', async () => {
    const phone = uniquePhone();
    const code = await requestCode(t.app, t.db, phone, SmsPurpose.login);
    const [row] = await codeRows(t.db, phone, SmsPurpose.login);
    expect(row).toBeDefined();
    expect(JSON.stringify(row)).not.toContain(code);
  });

  it.each([
    ['no phone', { useFor: 0 }, '[手机号]不能为空'],
    ['a blank phone', { phone: ' ', useFor: 0 }, '[手机号]不能为空'],
    ['a malformed phone', { phone: '12345', useFor: 0 }, '[手机号]格式不正确'],
    ['a phone that is not a mainland mobile', { phone: '12900000000', useFor: 0 }, '[手机号]格式不正确'],
    ['no purpose', { phone: '13900000000' }, '[用途]不能为空'],
    ['an unknown purpose', { phone: '13900000000', useFor: 2 }, '[用途]不正确'],
    ['a purpose that is not a number', { phone: '13900000000', useFor: 'x' }, '[用途]不正确'],
    ['a blank purpose (not read as 0, register)', { phone: '13900000000', useFor: '' }, '[用途]不能为空'],
  ])('refuses %s with the spec message', async (_name, form, msg) => {
    const res = await call(t.app, 'POST', '/api/open/code4sms', { form });
    expect(res).toMatchObject({ status: 400, code: 0, msg });
  });

  it('accepts JSON with a numeric purpose', async () => {
    const res = await call(t.app, 'POST', '/api/open/code4sms', { json: { phone: uniquePhone(), useFor: 3 } });
    expect(res).toMatchObject({ status: 200, code: 1 });
  });

  /** What the caller can see of a code4sms: its answer, and the answer of a second ask within the minute. */
  const probe = async (phone: string, useFor: number) => {
    const first = await sendCode(phone, useFor);
    const again = await sendCode(phone, useFor);
    return { first: [first.status, first.code, first.msg, first.data], again: [again.status, again.code, again.msg] };
  };
  const smsTo = (phone: string) => t.db.select().from(outbox).where(and(eq(outbox.channel, 'sms'), eq(outbox.recipient, phone)));

  it('answers a registration code for a registered phone as for a new one; the phone is told it is registered, and gets no code (issue 16: 409 已注册)', async () => {
    const member = await makeMember(t.db);
    const fresh = uniquePhone();
    const registered = await probe(member.phone, SmsPurpose.register);
    expect(registered).toEqual(await probe(fresh, SmsPurpose.register));
    expect(registered.first).toEqual([200, 1, '验证码已发送!', null]);
    const [notice] = await smsTo(member.phone);
    expect(notice).toMatchObject({ template: 'already_registered' });
    expect(notice!.body).toContain('已注册');
    expect(notice!.body).not.toMatch(/\d{6}/);
    expect(await codeRows(t.db, member.phone, SmsPurpose.register)).toHaveLength(1);
  });

  it('answers a reset code for an unknown phone as for a registered one; the phone is told it has no account (issue 16: 404 尚未注册)', async () => {
    const member = await makeMember(t.db);
    const unknown = uniquePhone();
    const answer = await probe(unknown, SmsPurpose.reset);
    expect(answer).toEqual(await probe(member.phone, SmsPurpose.reset));
    const [notice] = await smsTo(unknown);
    expect(notice).toMatchObject({ template: 'not_registered' });
    expect(notice!.body).not.toMatch(/\d{6}/);
    // the unknown phone's row counts for the cooldown, but no code can ever match it
    const [row] = await codeRows(t.db, unknown, SmsPurpose.reset);
    for (const guess of ['000000', '123456', '999999']) {
      expect(await call(t.app, 'POST', '/api/open/reset', { form: { account: unknown, code: guess, password: 'Kx7#Lab-Tests26' } })).toMatchObject({ status: 400 });
    }
    expect(row).toBeDefined();
  });

  it('sends one code per phone per 60 seconds (429 with the seconds left), whatever the purpose', async () => {
    const member = await makeMember(t.db);
    await requestCode(t.app, t.db, member.phone, SmsPurpose.login);
    expect(await sendCode(member.phone, SmsPurpose.login)).toMatchObject({
      status: 429,
      code: 0,
      msg: '验证码发送过于频繁，请60秒后再试',
    });
    t.clock.advance(45 * SECOND);
    expect(await sendCode(member.phone, SmsPurpose.reset)).toMatchObject({ status: 429, msg: '验证码发送过于频繁，请15秒后再试' });
    t.clock.advance(15 * SECOND);
    expect(await sendCode(member.phone, SmsPurpose.reset)).toMatchObject({ status: 200, code: 1 });
  });

  it('does not let the cooldown of one phone hold another', async () => {
    await requestCode(t.app, t.db, uniquePhone(), SmsPurpose.login);
    await requestCode(t.app, t.db, uniquePhone(), SmsPurpose.login);
  });

  it('sends at most 10 codes to a phone in a day (429), then again a day later', async () => {
    const phone = uniquePhone();
    for (let i = 0; i < 10; i += 1) {
      await requestCode(t.app, t.db, phone, SmsPurpose.login);
      t.clock.advance(61 * SECOND);
    }
    expect(await sendCode(phone, SmsPurpose.login)).toMatchObject({
      status: 429,
      code: 0,
      msg: '该手机号今日获取验证码次数已达上限，请明天再试',
    });
    t.clock.advance(24 * 3600 * SECOND);
    expect(await sendCode(phone, SmsPurpose.login)).toMatchObject({ status: 200, code: 1 });
  });

  it('lets only one of two concurrent sends to the same phone through', async () => {
    const phone = uniquePhone();
    const results = await Promise.all([sendCode(phone, SmsPurpose.login), sendCode(phone, SmsPurpose.login)]);
    expect(results.map((r) => r.status).sort()).toEqual([200, 429]);
    expect(await codeRows(t.db, phone, SmsPurpose.login)).toHaveLength(1);
  });
});

describe('using a code (loginForCode as the example call)', () => {
  it('works once: the same code a second time is refused', async () => {
    const phone = uniquePhone();
    const code = await requestCode(t.app, t.db, phone, SmsPurpose.login);
    expect(await smsLogin(phone, code)).toMatchObject({ status: 200, code: 1, msg: '登录成功!' });
    expect(await smsLogin(phone, code)).toMatchObject({ status: 400, code: 0, msg: '验证码错误或已失效，请重新获取' });
  });

  it('is valid for 5 minutes', async () => {
    const phone = uniquePhone();
    const code = await requestCode(t.app, t.db, phone, SmsPurpose.login);
    t.clock.advance(5 * 60 * SECOND - SECOND);
    expect(await smsLogin(phone, code)).toMatchObject({ status: 200, code: 1 });

    const phone2 = uniquePhone();
    const code2 = await requestCode(t.app, t.db, phone2, SmsPurpose.login);
    t.clock.advance(5 * 60 * SECOND);
    expect(await smsLogin(phone2, code2)).toMatchObject({ status: 400, code: 0, msg: '验证码已过期，请重新获取' });
  });

  it('counts wrong codes: after the fifth wrong try even the right code is dead', async () => {
    const phone = uniquePhone();
    const code = await requestCode(t.app, t.db, phone, SmsPurpose.login);
    const wrong = otherCode(code);
    for (let left = 4; left >= 1; left -= 1) {
      expect(await smsLogin(phone, wrong)).toMatchObject({ status: 400, code: 0, msg: `验证码错误，还可尝试${left}次` });
    }
    expect(await smsLogin(phone, wrong)).toMatchObject({ status: 400, msg: '验证码错误次数过多，请重新获取' });
    expect(await smsLogin(phone, code)).toMatchObject({ status: 400, msg: '验证码错误次数过多，请重新获取' });
    const [row] = await codeRows(t.db, phone, SmsPurpose.login);
    expect(row?.attempts).toBe(5);

    t.clock.advance(60 * SECOND);
    const fresh = await requestCode(t.app, t.db, phone, SmsPurpose.login);
    expect(await smsLogin(phone, fresh)).toMatchObject({ status: 200, code: 1 });
  });

  it('answers a phone that never asked for a code', async () => {
    expect(await smsLogin(uniquePhone(), '123456')).toMatchObject({ status: 400, code: 0, msg: '验证码错误或已失效，请重新获取' });
  });

  it('only accepts the newest code: asking again makes the earlier one worthless', async () => {
    const phone = uniquePhone();
    const first = await requestCode(t.app, t.db, phone, SmsPurpose.login);
    t.clock.advance(61 * SECOND);
    const second = await requestCode(t.app, t.db, phone, SmsPurpose.login);
    if (first !== second) {
      expect(await smsLogin(phone, first)).toMatchObject({ status: 400, code: 0 });
    }
    expect(await smsLogin(phone, second)).toMatchObject({ status: 200, code: 1 });
    expect(await smsLogin(phone, first)).toMatchObject({ status: 400, code: 0, msg: '验证码错误或已失效，请重新获取' });
  });

  it('counts each try before it compares (one guarded UPDATE): of 40 guesses at once at most five are compared, the right one among them refused', async () => {
    const phone = uniquePhone();
    const code = await requestCode(t.app, t.db, phone, SmsPurpose.login);
    const guesses = Array.from({ length: 39 }, (_, i) => String((Number(code) + 1 + i) % 1_000_000).padStart(6, '0'));
    const wrong = guesses.map((guess) => smsLogin(phone, guess));
    const right = smsLogin(phone, code);
    const answers = await Promise.all(wrong);
    expect(answers.filter((a) => a.msg.startsWith('验证码错误，还可尝试')).length).toBeLessThanOrEqual(4);
    expect(await right).toMatchObject({ status: 400, msg: '验证码错误次数过多，请重新获取' });
  });

  it('is bound to its purpose: a login code does not reset a password', async () => {
    const member = await makeMember(t.db);
    const code = await requestCode(t.app, t.db, member.phone, SmsPurpose.login);
    const res = await call(t.app, 'POST', '/api/open/reset', { form: { account: member.phone, code, password: 'New#Lab-Pass26' } });
    expect(res).toMatchObject({ status: 400, code: 0, msg: '验证码错误或已失效，请重新获取' });
  });

  it('is bound to its phone', async () => {
    const phone = uniquePhone();
    const code = await requestCode(t.app, t.db, phone, SmsPurpose.login);
    const other = uniquePhone();
    await requestCode(t.app, t.db, other, SmsPurpose.login);
    const otherCodeValue = await lastSmsCode(t.db, other);
    if (otherCodeValue !== code) {
      expect(await smsLogin(other, code)).toMatchObject({ status: 400, code: 0 });
    }
  });

  it('lets exactly one of two concurrent uses of a code succeed', async () => {
    const phone = uniquePhone();
    const code = await requestCode(t.app, t.db, phone, SmsPurpose.login);
    const results = await Promise.all([smsLogin(phone, code), smsLogin(phone, code), smsLogin(phone, code)]);
    expect(results.filter((r) => r.status === 200)).toHaveLength(1);
    for (const r of results.filter((x) => x.status !== 200)) {
      expect(r).toMatchObject({ status: 400, code: 0, msg: '验证码错误或已失效，请重新获取' });
    }
  });
});

describe('the per-IP cap on code4sms (20 an hour, @fastify/rate-limit)', () => {
  let limited: TestContext;
  beforeAll(async () => {
    limited = await createTestContext({ rateLimit: true });
  });
  afterAll(() => limited.close());

  it('answers the 21st request from one address within an hour with 429', async () => {
    const send = (ip: string) => call(limited.app, 'POST', '/api/open/code4sms', { form: { phone: uniquePhone(), useFor: 3 }, ip });
    for (let i = 0; i < 20; i += 1) expect(await send('10.0.0.1'), `request ${i + 1}`).toMatchObject({ status: 200 });
    const res = await send('10.0.0.1');
    expect(res.status).toBe(429);
    expect(res.code).toBe(0);
    expect(res.msg).toMatch(/^操作过于频繁，请\d+秒后再试$/);
    expect(await send('10.0.0.2')).toMatchObject({ status: 200, code: 1 });
  });

  it('counts each route on its own: logins from an address do not use up its code requests', async () => {
    const ip = '10.0.0.3';
    for (let i = 0; i < 25; i += 1) {
      await call(limited.app, 'POST', '/api/open/login', { form: { account: `1300000${String(i).padStart(4, '0')}`, password: 'x' }, ip });
    }
    const res = await call(limited.app, 'POST', '/api/open/code4sms', { form: { phone: uniquePhone(), useFor: 3 }, ip });
    expect(res).toMatchObject({ status: 200, code: 1 });
  });
});
