import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { generateSecret, generateSync } from 'otplib';
import { expect } from 'vitest';
import { SmsPurpose, type LoginResult, type StaffLoginAnswer } from '@lab/contract';
import type { Db } from '../src/db/client';
import { members, smsCodes, staff } from '../src/db/schema';
import { call, lastSmsCode, uniquePhone, type TestContext } from './harness';

export { SmsPurpose };

/** Asks for a code as the web client does and reads it back from the local SMS outbox. */
export async function requestCode(app: FastifyInstance, db: Db, phone: string, useFor: number, ip?: string): Promise<string> {
  const res = await call(app, 'POST', '/api/open/code4sms', { form: { phone, useFor }, ...(ip ? { ip } : {}) });
  expect(res, `code4sms for ${phone}`).toMatchObject({ status: 200, code: 1, msg: '验证码已发送!' });
  return lastSmsCode(db, phone);
}

/** A six-digit code that is certainly not `code`. */
export const otherCode = (code: string) => String((Number(code) + 1) % 1_000_000).padStart(6, '0');

/** Registers through the API (code4sms + sign, 用户协议 and 隐私政策 ticked) and returns the phone. */
export async function registerViaApi(app: FastifyInstance, db: Db, password = 'Kx7#Lab-Tests26', extra: Record<string, string> = {}) {
  const phone = uniquePhone();
  const code = await requestCode(app, db, phone, SmsPurpose.register);
  const res = await call(app, 'POST', '/api/open/sign', { form: { phone, password, code, agreement: '1', ...extra } });
  expect(res, 'sign').toMatchObject({ status: 200, code: 1, msg: '注册成功!' });
  return phone;
}

export async function passwordLogin(app: FastifyInstance, account: string, password: string) {
  return call<LoginResult>(app, 'POST', '/api/open/login', { form: { account, password } });
}

export const userInfo = (app: FastifyInstance, token: string) => call(app, 'POST', '/api/auth/user/info', { token });

export async function memberByPhone(db: Db, phone: string) {
  const [member] = await db.select().from(members).where(eq(members.phone, phone));
  return member;
}

export async function codeRows(db: Db, phone: string, purpose: number) {
  return db.select().from(smsCodes).where(and(eq(smsCodes.phone, phone), eq(smsCodes.purpose, purpose)));
}

export const expired = { status: 401, code: 0, msg: '登录已过期，请重新登录' } as const;
export const notLoggedIn = { status: 401, code: 0, msg: '请先登录' } as const;

/** Binds an authenticator to a staff account directly (as the setup screen would); returns its secret. */
export async function bindTotp(t: Pick<TestContext, 'db' | 'secrets' | 'clock'>, staffId: number): Promise<string> {
  const secret = generateSecret();
  await t.db.update(staff).set({ totpSecret: t.secrets.seal(secret), totpEnabledAt: t.clock.now(), totpLastStep: null }).where(eq(staff.id, staffId));
  return secret;
}

/** The authenticator app's code at a moment (steps: 30 s later per step). */
export const totpCode = (secret: string, now: Date, steps = 0) => generateSync({ secret, epoch: Math.floor(now.getTime() / 1000) + steps * 30 });

export const staffPasswordLogin = (app: FastifyInstance, account: string, password: string) =>
  call<StaffLoginAnswer>(app, 'POST', '/api/admin/login', { form: { account, password } });

/** Password, then the TOTP code of the bound secret: the whole login of an admin or finance. */
export async function staffLoginWithTotp(t: Pick<TestContext, 'app' | 'clock'>, account: string, password: string, secret: string, steps = 0) {
  const first = await staffPasswordLogin(t.app, account, password);
  expect(first.data, first.msg).toHaveProperty('mfa', 'totp');
  const challenge = (first.data as { challenge: string }).challenge;
  return call<LoginResult>(t.app, 'POST', '/api/admin/login/totp', { form: { challenge, code: totpCode(secret, t.clock.now(), steps) } });
}
