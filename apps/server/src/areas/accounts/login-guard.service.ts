import { eq, sql } from 'drizzle-orm';
import { LOGIN_LOCK_MINUTES, LOGIN_MAX_FAILURES } from '@lab/contract';
import type { DbOrTx } from '../../db/client';
import { AppError } from '../../platform/errors';
import { loginGuards } from './accounts.tables';

const windowMs = LOGIN_LOCK_MINUTES * 60 * 1000;

export const lockedError = (until: Date, now: Date, what = '密码') =>
  new AppError('ACCOUNT_LOCKED', `${what}错误次数过多，账号已锁定，请${Math.max(1, Math.ceil((until.getTime() - now.getTime()) / 60_000))}分钟后再试`);

/**
 * Counts one attempt at a secret (a password, a TOTP code) BEFORE the secret is checked, in
 * one guarded upsert, and refuses it when the key is held. Attempts inside the 15-minute
 * window add up; the fifth sets the hold in the same statement, so however many guesses
 * arrive at once, at most five are ever checked (the old check-then-count let 41 parallel
 * guesses all through). A success clears the count (`clearLoginFailures`); a failure has
 * nothing left to record. Returns the tries left after this one (0: this was the last).
 */
export async function claimLoginAttempt(db: DbOrTx, key: string, now: Date, what = '密码'): Promise<number> {
  const windowStart = new Date(now.getTime() - windowMs);
  const lockUntil = new Date(now.getTime() + windowMs);
  const stale = sql`(${loginGuards.windowStartedAt} < ${windowStart} or ${loginGuards.lockedUntil} <= ${now})`;
  const [row] = await db
    .insert(loginGuards)
    .values({ key, failures: 1, windowStartedAt: now, lockedUntil: LOGIN_MAX_FAILURES <= 1 ? lockUntil : null })
    .onConflictDoUpdate({
      target: loginGuards.key,
      set: {
        failures: sql`case when ${stale} then 1 else ${loginGuards.failures} + 1 end`,
        windowStartedAt: sql`case when ${stale} then ${now} else ${loginGuards.windowStartedAt} end`,
        lockedUntil: sql`case when (case when ${stale} then 1 else ${loginGuards.failures} + 1 end) >= ${LOGIN_MAX_FAILURES} then ${lockUntil}::timestamptz else null end`,
      },
      setWhere: sql`${loginGuards.lockedUntil} is null or ${loginGuards.lockedUntil} <= ${now}`,
    })
    .returning({ failures: loginGuards.failures });
  if (!row) {
    const [held] = await db.select({ lockedUntil: loginGuards.lockedUntil }).from(loginGuards).where(eq(loginGuards.key, key)).limit(1);
    throw lockedError(held?.lockedUntil ?? lockUntil, now, what);
  }
  return Math.max(0, LOGIN_MAX_FAILURES - row.failures);
}

export async function clearLoginFailures(db: DbOrTx, key: string) {
  await db.delete(loginGuards).where(eq(loginGuards.key, key));
}
