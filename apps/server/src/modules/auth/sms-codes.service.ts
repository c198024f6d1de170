import { and, count, desc, eq, gt, isNull, sql } from 'drizzle-orm';
import {
  SMS_CODE_COOLDOWN_SECONDS,
  SMS_CODE_MAX_TRIES,
  SMS_CODE_TTL_SECONDS,
  SMS_CODES_PER_DAY,
  SmsPurpose,
} from '@lab/contract';
import type { Db, DbOrTx } from '../../db/client';
import { AppError, conflict, tooMany } from '../../platform/errors';
import { randomDigits, safeEqual, sha256 } from '../../platform/crypto';
import type { SmsProvider } from '../../platform/messaging';
import { members, smsCodes } from './auth.tables';

const purposeText: Record<number, string> = {
  [SmsPurpose.register]: '注册',
  [SmsPurpose.reset]: '重置密码',
  [SmsPurpose.login]: '登录',
  [SmsPurpose.staffLogin]: '后台登录',
};

/** Codes are hashed with their phone and purpose, so a leaked table row is not a usable code. */
const codeHash = (phone: string, purpose: number, code: string) => sha256(`${phone}|${purpose}|${code}`);

/**
 * Sends a 6-digit code. The phone's row is locked for the check-and-insert, so two
 * instances cannot both pass the 60-second cooldown or the daily cap for the same phone.
 */
export async function sendSmsCode(
  db: Db,
  sms: SmsProvider,
  input: { phone: string; useFor: number },
  meta: { now: Date; ip?: string | undefined },
) {
  const { phone, useFor } = input;
  const [existing] = await db.select({ id: members.id }).from(members).where(eq(members.phone, phone)).limit(1);
  if (useFor === SmsPurpose.register && existing) throw conflict('该手机号已注册，请直接登录');
  if (useFor === SmsPurpose.reset && !existing) throw new AppError('NOT_FOUND', '该手机号尚未注册');

  const code = randomDigits(6);
  await db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`sms:${phone}`}))`);
    const [last] = await tx
      .select({ createdAt: smsCodes.createdAt })
      .from(smsCodes)
      .where(eq(smsCodes.phone, phone))
      .orderBy(desc(smsCodes.createdAt))
      .limit(1);
    if (last) {
      const waited = (meta.now.getTime() - last.createdAt.getTime()) / 1000;
      if (waited < SMS_CODE_COOLDOWN_SECONDS) {
        throw tooMany(`验证码发送过于频繁，请${Math.ceil(SMS_CODE_COOLDOWN_SECONDS - waited)}秒后再试`);
      }
    }
    const dayAgo = new Date(meta.now.getTime() - 24 * 3600 * 1000);
    const [sent] = await tx
      .select({ n: count() })
      .from(smsCodes)
      .where(and(eq(smsCodes.phone, phone), gt(smsCodes.createdAt, dayAgo)));
    if ((sent?.n ?? 0) >= SMS_CODES_PER_DAY) throw tooMany('该手机号今日获取验证码次数已达上限，请明天再试');

    await tx.insert(smsCodes).values({
      phone,
      purpose: useFor,
      codeHash: codeHash(phone, useFor, code),
      expiresAt: new Date(meta.now.getTime() + SMS_CODE_TTL_SECONDS * 1000),
      ip: meta.ip ?? null,
      createdAt: meta.now,
    });
  });
  await sms.send({
    phone,
    template: 'verify_code',
    params: { code, purpose: purposeText[useFor] ?? '验证', minutes: SMS_CODE_TTL_SECONDS / 60 },
    body: `【科研检测服务商城】您的${purposeText[useFor] ?? ''}验证码为${code}，${SMS_CODE_TTL_SECONDS / 60}分钟内有效，请勿泄露给他人。`,
  });
}

const invalidCode = () => new AppError('CODE_INVALID', '验证码错误或已失效，请重新获取');

/**
 * Checks a code against the newest one sent to that phone for that purpose (asking again
 * makes the earlier code worthless). A wrong code counts a try; after five the code is
 * dead. Pass the plain `db`, never a transaction: a wrong try has to stay counted when
 * the caller's transaction rolls back. Returns the code's id for `spendSmsCode`.
 */
export async function checkSmsCode(db: Db, phone: string, purpose: number, code: string, now: Date): Promise<number> {
  const [latest] = await db
    .select()
    .from(smsCodes)
    .where(and(eq(smsCodes.phone, phone), eq(smsCodes.purpose, purpose)))
    .orderBy(desc(smsCodes.createdAt), desc(smsCodes.id))
    .limit(1);
  if (!latest || latest.usedAt) throw invalidCode();
  if (latest.expiresAt <= now) throw new AppError('CODE_EXPIRED', '验证码已过期，请重新获取');
  if (latest.attempts >= SMS_CODE_MAX_TRIES) throw new AppError('CODE_TOO_MANY_TRIES', '验证码错误次数过多，请重新获取');
  if (!safeEqual(latest.codeHash, codeHash(phone, purpose, code))) {
    const [counted] = await db
      .update(smsCodes)
      .set({ attempts: sql`${smsCodes.attempts} + 1` })
      .where(eq(smsCodes.id, latest.id))
      .returning({ attempts: smsCodes.attempts });
    const left = SMS_CODE_MAX_TRIES - (counted?.attempts ?? latest.attempts + 1);
    throw new AppError('CODE_WRONG', left > 0 ? `验证码错误，还可尝试${left}次` : '验证码错误次数过多，请重新获取');
  }
  return latest.id;
}

/**
 * Spends a checked code inside the caller's transaction. The update is guarded, so when two
 * requests race with the same code exactly one spends it; the other is told it is used.
 */
export async function spendSmsCode(db: DbOrTx, codeId: number, now: Date) {
  const spent = await db
    .update(smsCodes)
    .set({ usedAt: now })
    .where(and(eq(smsCodes.id, codeId), isNull(smsCodes.usedAt), sql`${smsCodes.attempts} < ${SMS_CODE_MAX_TRIES}`))
    .returning({ id: smsCodes.id });
  if (spent.length === 0) throw invalidCode();
}
