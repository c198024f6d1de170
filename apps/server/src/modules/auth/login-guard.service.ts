import { eq, sql } from 'drizzle-orm';
import { LOGIN_LOCK_MINUTES, LOGIN_MAX_FAILURES } from '@lab/contract';
import type { DbOrTx } from '../../db/client';
import { AppError } from '../../platform/errors';
import { loginGuards } from './auth.tables';

const windowMs = LOGIN_LOCK_MINUTES * 60 * 1000;

export const lockedError = (until: Date, now: Date) =>
  new AppError('ACCOUNT_LOCKED', `密码错误次数过多，账号已锁定，请${Math.max(1, Math.ceil((until.getTime() - now.getTime()) / 60_000))}分钟后再试`);

export async function assertNotLocked(db: DbOrTx, key: string, now: Date) {
  const [guard] = await db.select().from(loginGuards).where(eq(loginGuards.key, key)).limit(1);
  if (guard?.lockedUntil && guard.lockedUntil > now) throw lockedError(guard.lockedUntil, now);
}

/**
 * Counts a wrong password in one upsert (so instances agree): failures inside the 15-minute
 * window add up; the fifth locks the account for 15 minutes. Returns the tries left.
 */
export async function recordLoginFailure(db: DbOrTx, key: string, now: Date): Promise<number> {
  const windowStart = new Date(now.getTime() - windowMs);
  const lockUntil = new Date(now.getTime() + windowMs);
  const [row] = await db
    .insert(loginGuards)
    .values({ key, failures: 1, windowStartedAt: now })
    .onConflictDoUpdate({
      target: loginGuards.key,
      set: {
        failures: sql`case when ${loginGuards.windowStartedAt} < ${windowStart} then 1 else ${loginGuards.failures} + 1 end`,
        windowStartedAt: sql`case when ${loginGuards.windowStartedAt} < ${windowStart} then ${now} else ${loginGuards.windowStartedAt} end`,
        // lockedUntil stays: a wrong password that raced past the check must not lift a hold
      },
    })
    .returning({ failures: loginGuards.failures });
  const failures = row?.failures ?? 1;
  if (failures >= LOGIN_MAX_FAILURES) {
    await db
      .update(loginGuards)
      .set({ lockedUntil: sql`greatest(${loginGuards.lockedUntil}, ${lockUntil})`, failures: 0, windowStartedAt: now })
      .where(eq(loginGuards.key, key));
    return 0;
  }
  return LOGIN_MAX_FAILURES - failures;
}

export async function clearLoginFailures(db: DbOrTx, key: string) {
  await db.delete(loginGuards).where(eq(loginGuards.key, key));
}
