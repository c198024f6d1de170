import { and, eq } from 'drizzle-orm';
import { SmsPurpose, type LoginBody, type LoginResult, type StaffInfo, type StaffRole, type StaffSmsLoginBody } from '@lab/contract';
import type { Db, DbOrTx } from '../../db/client';
import { AppError, notFound } from '../../platform/errors';
import { hashPassword, verifyPassword } from '../../platform/crypto';
import { staff } from './auth.tables';
import { assertNotLocked, clearLoginFailures, lockedError, recordLoginFailure } from './login-guard.service';
import { issueSession, type RequestMeta } from './sessions.service';
import { checkSmsCode, sendSmsCode, spendSmsCode } from './sms-codes.service';
import type { SmsProvider } from '../../platform/messaging';

export async function createStaff(
  db: DbOrTx,
  input: { account: string; name: string; role: StaffRole; password: string; phone?: string },
) {
  const [row] = await db
    .insert(staff)
    .values({ account: input.account, name: input.name, role: input.role, phone: input.phone ?? null, passwordHash: await hashPassword(input.password) })
    .returning({ id: staff.id });
  if (!row) throw new Error('insert returned no row');
  return row;
}

export async function loginStaff(db: Db, input: LoginBody, meta: RequestMeta): Promise<LoginResult> {
  const key = `staff:${input.account}`;
  await assertNotLocked(db, key, meta.now);
  const [person] = await db.select().from(staff).where(eq(staff.account, input.account)).limit(1);
  const valid = person ? await verifyPassword(person.passwordHash, input.password) : false;
  if (!person || !valid) {
    const left = await recordLoginFailure(db, key, meta.now);
    if (left === 0) throw lockedError(new Date(meta.now.getTime() + 15 * 60_000), meta.now);
    throw new AppError('WRONG_PASSWORD', `账号或密码错误，还可尝试${left}次`);
  }
  if (person.disabled) throw new AppError('FORBIDDEN', '该员工账号已停用');
  await clearLoginFailures(db, key);
  await db.update(staff).set({ lastLoginAt: meta.now }).where(eq(staff.id, person.id));
  return issueSession(db, 'staff', person.id, meta);
}

export async function getStaffInfo(db: DbOrTx, staffId: number): Promise<StaffInfo & { id: number }> {
  const [person] = await db.select().from(staff).where(eq(staff.id, staffId)).limit(1);
  if (!person || person.disabled) throw notFound('员工账号');
  return { id: person.id, account: person.account, name: person.name, role: person.role };
}

/**
 * The second way in for staff: a code by SMS to the phone on their account. A phone that
 * belongs to no active staff account gets no message but the same answer, so the form does
 * not tell strangers which numbers are staff.
 */
export async function sendStaffLoginCode(db: Db, sms: SmsProvider, phone: string, meta: { now: Date; ip?: string | undefined }) {
  const [person] = await db.select({ id: staff.id }).from(staff).where(and(eq(staff.phone, phone), eq(staff.disabled, false))).limit(1);
  if (!person) return;
  await sendSmsCode(db, sms, { phone, useFor: SmsPurpose.staffLogin }, meta);
}

export async function loginStaffWithSmsCode(db: Db, input: StaffSmsLoginBody, meta: RequestMeta): Promise<LoginResult> {
  const codeId = await checkSmsCode(db, input.phone, SmsPurpose.staffLogin, input.code, meta.now);
  return db.transaction(async (tx) => {
    await spendSmsCode(tx, codeId, meta.now);
    const [person] = await tx.select().from(staff).where(eq(staff.phone, input.phone)).limit(1);
    if (!person) throw new AppError('CODE_INVALID', '验证码错误或已失效，请重新获取');
    if (person.disabled) throw new AppError('FORBIDDEN', '该员工账号已停用');
    await tx.update(staff).set({ lastLoginAt: meta.now }).where(eq(staff.id, person.id));
    return issueSession(tx, 'staff', person.id, meta);
  });
}
