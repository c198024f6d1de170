import { AppError } from '../../platform/errors';
import { verifyPassword } from '../../platform/crypto';
import type { Db, DbOrTx } from '../../db/client';
import { setMarketingSms } from './consents.service';
import { claimLoginAttempt, clearLoginFailures, lockedError } from './login-guard.service';
import {revokeAllSessions } from './sessions.service';
import type { RequestMeta } from '../../platform/caller';
import { checkSmsCode, spendSmsCode } from './sms-codes.service';

/**
 * A member confirms a grave step (closing the account…) with an SMS code sent for that
 * purpose or the login password. The check runs outside the caller's transaction, so a wrong
 * try stays counted (SMS tries on the code, passwords on the login hold); the caller spends
 * the code inside its transaction with `spend`, so a refused step leaves the code usable.
 */
export async function confirmMemberSecret(
  db: Db,
  member: { id: number; phone: string; passwordHash: string | null },
  secret: { code?: string | undefined; password?: string | undefined },
  purpose: number,
  now: Date,
): Promise<{ confirmedBy: 'sms' | 'password'; spend: (tx: DbOrTx) => Promise<void> }> {
  if (secret.code !== undefined) {
    const codeId = await checkSmsCode(db, member.phone, purpose, secret.code, now);
    return { confirmedBy: 'sms', spend: (tx) => spendSmsCode(tx, codeId, now) };
  }
  const key = `member:${member.id}`;
  const left = await claimLoginAttempt(db, key, now);
  if (!(await verifyPassword(member.passwordHash, secret.password ?? ''))) {
    if (left === 0) throw lockedError(new Date(now.getTime() + 15 * 60_000), now);
    throw new AppError('WRONG_PASSWORD', member.passwordHash ? `登录密码错误，还可尝试${left}次` : '您尚未设置登录密码，请使用短信验证码确认');
  }
  await clearLoginFailures(db, key);
  return { confirmedBy: 'password', spend: async () => {} };
}

/**
 * A member's access ends (the account is closed): every session revoked, and the optional
 * 营销短信 consent withdrawn as a row, as from 账号设置. In the caller's transaction.
 */
export async function endMemberAccess(tx: DbOrTx, memberId: number, meta: RequestMeta) {
  await setMarketingSms(tx, memberId, false, meta);
  await revokeAllSessions(tx, 'member', memberId, meta.now);
}
