import { eq } from 'drizzle-orm';
import type { LoginBody, LoginResult, StaffInfo, StaffRole } from '@lab/contract';
import type { Db, DbOrTx } from '../../db/client';
import { AppError, notFound } from '../../platform/errors';
import { hashPassword, verifyPassword } from '../../platform/crypto';
import { staff } from './auth.tables';
import { assertNotLocked, clearLoginFailures, lockedError, recordLoginFailure } from './login-guard.service';
import { issueSession, type RequestMeta } from './sessions.service';

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
