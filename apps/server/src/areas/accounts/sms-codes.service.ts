import { and, count, desc, eq, gt, isNull, sql } from 'drizzle-orm';
import {
  SMS_CODE_COOLDOWN_SECONDS,
  SMS_CODE_MAX_TRIES,
  SMS_CODE_TTL_SECONDS,
  SMS_CODES_PER_DAY,
  SmsPurpose,
} from '@lab/contract';
import type { Db, DbOrTx } from '../../db/client';
import { AppError, tooMany } from '../../platform/errors';
import { randomDigits, randomToken, safeEqual, sha256 } from '../../platform/crypto';
import type { SmsProvider } from '../../platform/messaging';
import { members, smsCodes } from './accounts.tables';

const purposeText: Record<number, string> = {
  [SmsPurpose.register]: '注册',
  [SmsPurpose.reset]: '重置密码',
  [SmsPurpose.login]: '登录',
  [SmsPurpose.staffLogin]: '后台登录',
  [SmsPurpose.closeAccount]: '注销账号',
  [SmsPurpose.signAgreement]: '签署协议',
};

/** Codes are hashed with their phone and purpose, so a leaked table row is not a usable code. */
const codeHash = (phone: string, purpose: number, code: string) => sha256(`${phone}|${purpose}|${code}`);

/** What the phone receives instead of a code when a code would be useless to it. */
export interface SmsNotice {
  template: string;
  body: string;
}

/**
 * Sends a 6-digit code. The phone's row is locked for the check-and-insert, so two
 * instances cannot both pass the 60-second cooldown or the daily cap for the same phone.
 *
 * A registered phone asking for a register code, or an unknown one asking for a reset code,
 * goes through the same steps and gets the same answer: its row is written (so cooldown and
 * caps count alike) with a code nobody receives, and the phone gets a short notice instead of
 * the code (`notice`), or nothing (`deliver: false`). So the answer does not tell registered
 * phones from unregistered ones; the owner of the phone learns what they need from the text.
 */
export async function sendSmsCode(
  db: Db,
  sms: SmsProvider,
  input: { phone: string; useFor: number },
  meta: { now: Date; ip?: string | undefined },
  options: { deliver?: boolean; notice?: SmsNotice } = {},
) {
  const { phone, useFor } = input;
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

    const usable = options.deliver !== false && !options.notice;
    await tx.insert(smsCodes).values({
      phone,
      purpose: useFor,
      // a code nobody receives is stored as a hash nothing matches
      codeHash: usable ? codeHash(phone, useFor, code) : sha256(randomToken()),
      expiresAt: new Date(meta.now.getTime() + SMS_CODE_TTL_SECONDS * 1000),
      ip: meta.ip ?? null,
      createdAt: meta.now,
    });
  });
  if (options.deliver === false) return;
  if (options.notice) {
    await sms.send({ phone, template: options.notice.template, params: {}, body: options.notice.body });
    return;
  }
  await sms.send({
    phone,
    template: 'verify_code',
    params: { code, purpose: purposeText[useFor] ?? '验证', minutes: SMS_CODE_TTL_SECONDS / 60 },
    body: `【科研检测服务商城】您的${purposeText[useFor] ?? ''}验证码为${code}，${SMS_CODE_TTL_SECONDS / 60}分钟内有效，请勿泄露给他人。`,
  });
}

/**
 * code4sms for members (register, reset, login). Whether the phone is registered changes only
 * what the phone receives: a registered phone asking to register is told to log in or reset,
 * an unknown phone asking to reset is told it has no account — never the caller.
 */
export async function sendMemberSmsCode(db: Db, sms: SmsProvider, input: { phone: string; useFor: number }, meta: { now: Date; ip?: string | undefined }) {
  const [existing] = await db.select({ id: members.id }).from(members).where(eq(members.phone, input.phone)).limit(1);
  let notice: SmsNotice | undefined;
  if (input.useFor === SmsPurpose.register && existing) {
    notice = { template: 'already_registered', body: '【科研检测服务商城】您的手机号已注册，可直接登录；如忘记密码，请在登录页选择“忘记密码”重置。如非本人操作，请忽略本短信。' };
  } else if (input.useFor === SmsPurpose.reset && !existing) {
    notice = { template: 'not_registered', body: '【科研检测服务商城】您正在重置密码，但该手机号尚未注册，可在网站直接注册或使用短信验证码登录。如非本人操作，请忽略本短信。' };
  }
  await sendSmsCode(db, sms, input, meta, notice ? { notice } : {});
}

const invalidCode = () => new AppError('CODE_INVALID', '验证码错误或已失效，请重新获取');

/**
 * Checks a code against the newest one sent to that phone for that purpose (asking again
 * makes the earlier code worthless). Every try is counted before the code is compared, in one
 * guarded UPDATE, so guesses sent all at once cannot all be compared: after five the code is
 * dead. Pass the plain `db`, never a transaction: a try has to stay counted when the caller's
 * transaction rolls back. Returns the code's id for `spendSmsCode`.
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
  const [counted] = await db
    .update(smsCodes)
    .set({ attempts: sql`${smsCodes.attempts} + 1` })
    .where(and(eq(smsCodes.id, latest.id), sql`${smsCodes.attempts} < ${SMS_CODE_MAX_TRIES}`))
    .returning({ attempts: smsCodes.attempts });
  if (!counted) throw new AppError('CODE_TOO_MANY_TRIES', '验证码错误次数过多，请重新获取');
  if (!safeEqual(latest.codeHash, codeHash(phone, purpose, code))) {
    const left = SMS_CODE_MAX_TRIES - counted.attempts;
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
    .where(and(eq(smsCodes.id, codeId), isNull(smsCodes.usedAt), sql`${smsCodes.attempts} <= ${SMS_CODE_MAX_TRIES}`))
    .returning({ id: smsCodes.id });
  if (spent.length === 0) throw invalidCode();
}
