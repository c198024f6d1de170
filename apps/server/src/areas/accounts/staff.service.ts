import { and, eq } from 'drizzle-orm';
import { DEMO_PASSWORDS, SmsPurpose, type LoginBody, type StaffInfo, type StaffLoginAnswer, type StaffRole, type StaffSmsLoginBody } from '@lab/contract';
import type { Db, DbOrTx } from '../../db/client';
import { AppError, notFound } from '../../platform/errors';
import { hashPassword, verifyPassword } from '../../platform/crypto';
import { staff } from './accounts.tables';
import { claimLoginAttempt, clearLoginFailures, lockedError } from './login-guard.service';
import type { RequestMeta } from '../../platform/caller';
import { checkSmsCode, sendSmsCode, spendSmsCode } from './sms-codes.service';
import { afterFirstFactor } from './staff-totp.service';
import type { SmsProvider } from '../../platform/messaging';

export type StaffRow = typeof staff.$inferSelect;

export async function createStaff(
  db: DbOrTx,
  input: { account: string; name: string; role: StaffRole; password: string; phone?: string | null; demoCredentials?: boolean; totpSecret?: string | null; now?: Date },
) {
  const now = input.now ?? new Date();
  const [row] = await db
    .insert(staff)
    .values({
      account: input.account,
      name: input.name,
      role: input.role,
      phone: input.phone ?? null,
      passwordHash: await hashPassword(input.password),
      demoCredentials: input.demoCredentials ?? false,
      totpSecret: input.totpSecret ?? null,
      totpEnabledAt: input.totpSecret ? now : null,
      // a password just handed over (staff:create prints it, the seed's are the README's)
      passwordSetAt: now,
    })
    .returning({ id: staff.id });
  if (!row) throw new Error('insert returned no row');
  return row;
}

/** How a staff login is judged beyond its factors: demo mode (config SEED_DEMO). */
export interface StaffLoginPolicy {
  demo: boolean;
}

const demoRefused = () =>
  new AppError('FORBIDDEN', '该账号使用公开的演示密码，只能在演示模式下登录。请管理员重置其密码，或用 npm run staff:create 创建新账号');

/**
 * Outside demo mode the seeded demo accounts (README passwords, published TOTP secrets) and
 * any account whose password is one of the README's are refused, after the factor checked out
 * (so the refusal tells nothing to someone who does not know the password).
 */
function assertMayLogIn(person: StaffRow, policy: StaffLoginPolicy, typedPassword: string | null) {
  if (person.disabled) throw new AppError('FORBIDDEN', '该员工账号已停用');
  if (!policy.demo && (person.demoCredentials || (typedPassword !== null && DEMO_PASSWORDS.includes(typedPassword)))) throw demoRefused();
}

/**
 * Password login. The attempt is counted (and refused when the account is held) before the
 * hash is checked; an unknown account is checked against a decoy hash, so it takes the argon2
 * time a known one takes and answers alike. Admin and finance go on to their second factor.
 */
export async function loginStaff(db: Db, input: LoginBody, meta: RequestMeta, policy: StaffLoginPolicy): Promise<StaffLoginAnswer> {
  const key = `staff:${input.account}`;
  const [person] = await db.select().from(staff).where(eq(staff.account, input.account)).limit(1);
  const left = await claimLoginAttempt(db, key, meta.now);
  const valid = await verifyPassword(person?.passwordHash ?? null, input.password);
  if (!person || !valid) {
    if (left === 0) throw lockedError(new Date(meta.now.getTime() + 15 * 60_000), meta.now);
    throw new AppError('WRONG_PASSWORD', `账号或密码错误，还可尝试${left}次`);
  }
  assertMayLogIn(person, policy, input.password);
  await clearLoginFailures(db, key);
  return afterFirstFactor(db, person, meta);
}

export async function getStaffInfo(db: DbOrTx, staffId: number): Promise<StaffInfo & { id: number }> {
  const [person] = await db.select().from(staff).where(eq(staff.id, staffId)).limit(1);
  if (!person || person.disabled) throw notFound('员工账号');
  return { id: person.id, account: person.account, name: person.name, role: person.role };
}

/**
 * The second way in for staff: a code by SMS to the phone on their account. A phone that
 * belongs to no active staff account gets no message but the same answer — and the same
 * cooldown, because a code row is written for it too (one nobody receives), so a second
 * request within the minute is refused alike and does not tell staff phones apart.
 */
export async function sendStaffLoginCode(db: Db, sms: SmsProvider, phone: string, meta: { now: Date; ip?: string | undefined }) {
  const [person] = await db.select({ id: staff.id }).from(staff).where(and(eq(staff.phone, phone), eq(staff.disabled, false))).limit(1);
  await sendSmsCode(db, sms, { phone, useFor: SmsPurpose.staffLogin }, meta, { deliver: person !== undefined });
}

export async function loginStaffWithSmsCode(db: Db, input: StaffSmsLoginBody, meta: RequestMeta, policy: StaffLoginPolicy): Promise<StaffLoginAnswer> {
  const codeId = await checkSmsCode(db, input.phone, SmsPurpose.staffLogin, input.code, meta.now);
  const person = await db.transaction(async (tx) => {
    await spendSmsCode(tx, codeId, meta.now);
    const [found] = await tx.select().from(staff).where(eq(staff.phone, input.phone)).limit(1);
    if (!found) throw new AppError('CODE_INVALID', '验证码错误或已失效，请重新获取');
    return found;
  });
  assertMayLogIn(person, policy, null);
  return afterFirstFactor(db, person, meta, 'sms');
}
