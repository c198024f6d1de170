import { eq, or } from 'drizzle-orm';
import { SmsPurpose, type LoginBody, type LoginResult, type MemberAccount, type ResetBody, type SignBody, type SmsLoginBody } from '@lab/contract';
import type { Db, DbOrTx, Tx } from '../../db/client';
import { AppError, conflict, notFound } from '../../platform/errors';
import { isUniqueViolation } from '../../db/errors';
import { hashPassword, randomId, verifyPassword } from '../../platform/crypto';
import { codeNumber, insertNumbered, type NumberSpec } from '../../platform/numbers';
import { members } from './accounts.tables';
import { checkSmsCode, spendSmsCode } from './sms-codes.service';
import { claimLoginAttempt, clearLoginFailures, lockedError } from './login-guard.service';
import {issueSession, revokeAllSessions } from './sessions.service';
import type { RequestMeta } from '../../platform/caller';
import { runMemberInvited, runMemberRegistered } from './member-hooks';
import { agreementRequired, recordRegistrationConsents } from './consents.service';

export type MemberRow = typeof members.$inferSelect;

const maskPhone = (phone: string) => `${phone.slice(0, 3)}****${phone.slice(-4)}`;

export function toMemberAccount(member: MemberRow): MemberAccount {
  return {
    rid: member.rid,
    phone: member.phone,
    nickname: member.nickname,
    name: member.name,
    email: member.email,
    organization: member.organization,
    company: member.company,
    inviteCode: member.inviteCode,
    hasPassword: member.passwordHash !== null,
    createdAt: member.createdAt.toISOString(),
  };
}

async function findInviter(db: DbOrTx, inviterCode: string | undefined) {
  if (!inviterCode) return null;
  const [inviter] = await db.select({ id: members.id }).from(members).where(eq(members.inviteCode, inviterCode)).limit(1);
  if (!inviter) throw new AppError('INVITER_NOT_FOUND', '邀请码无效，请核对后再试');
  return inviter.id;
}

/** A member's invite code: 8 characters without look-alikes, drawn again on a clash (platform/numbers.ts). */
const INVITE_CODE: NumberSpec = { constraint: 'members_inviteCode_unique', draw: codeNumber(8) };

/** Creates a member; the unique phone index decides a race between two registrations (a clash of the invite code draws again). */
async function createMember(
  db: DbOrTx,
  input: { phone: string; passwordHash: string | null; inviterId: number | null; now: Date },
): Promise<MemberRow> {
  try {
    return await insertNumbered(db, INVITE_CODE, input.now, async (sp, inviteCode) => {
      const [member] = await sp
        .insert(members)
        .values({
          rid: randomId(),
          phone: input.phone,
          passwordHash: input.passwordHash,
          nickname: `用户${maskPhone(input.phone).slice(-4)}`,
          inviteCode,
          inviterId: input.inviterId,
          createdAt: input.now,
        })
        .returning();
      if (!member) throw new Error('insert returned no row');
      return member;
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw conflict('该手机号已注册，请直接登录');
    throw error;
  }
}

/**
 * Registration. The code is checked first, outside the transaction (a wrong try stays
 * counted): a registered phone never receives a register code (sendMemberSmsCode), so
 * "already registered" is told only to whoever holds the phone. The member row goes in before
 * the code is spent, so when two sign-ups for one phone race the unique phone index decides
 * and the loser is told 409, not "code used". The ticks of 用户协议 / 隐私政策 (required) and
 * 营销短信 (optional) are recorded with the account, channel 'invite' when an inviter code came
 * along, else 'password'.
 */
export async function registerMember(db: Db, input: SignBody, meta: RequestMeta): Promise<{ rid: string }> {
  if (!input.agreement) throw agreementRequired();
  const codeId = await checkSmsCode(db, input.phone, SmsPurpose.register, input.code, meta.now);
  const [taken] = await db.select({ id: members.id }).from(members).where(eq(members.phone, input.phone)).limit(1);
  if (taken) throw conflict('该手机号已注册，请直接登录');
  const inviterId = await findInviter(db, input.inviterCode);
  const passwordHash = await hashPassword(input.password);
  return db.transaction(async (tx) => {
    const member = await createMember(tx, { phone: input.phone, passwordHash, inviterId, now: meta.now });
    await recordRegistrationConsents(tx, member.id, input, inviterId !== null ? 'invite' : 'password', meta);
    // registered through an invite: the configured new-member coupon (growth settings)
    if (inviterId !== null) await runMemberInvited(tx, member.id, meta.now);
    // every new member: the lab's 新用户券, if it offers one
    await runMemberRegistered(tx, member.id, meta.now);
    await spendSmsCode(tx, codeId, meta.now);
    return { rid: member.rid };
  });
}

const wrongPassword = (left: number) =>
  new AppError('WRONG_PASSWORD', left > 0 ? `账号或密码错误，还可尝试${left}次` : '账号或密码错误');

/**
 * Password login by phone (or rid). An unknown account and a wrong password answer alike
 * and both count towards the hold, so the answer does not tell which phones are registered.
 * The hold belongs to the member, whichever spelling of the account was typed.
 */
export async function loginWithPassword(db: Db, input: LoginBody, meta: RequestMeta): Promise<LoginResult> {
  const [member] = await db
    .select()
    .from(members)
    .where(or(eq(members.phone, input.account), eq(members.rid, input.account)))
    .limit(1);
  const key = member ? `member:${member.id}` : `member:${input.account}`;
  // counted before the hash is checked, so parallel guesses cannot outrun the hold
  const left = await claimLoginAttempt(db, key, meta.now);
  const valid = await verifyPassword(member?.passwordHash ?? null, input.password);
  if (!member || !valid) {
    if (left === 0) throw lockedError(new Date(meta.now.getTime() + 15 * 60_000), meta.now);
    throw wrongPassword(left);
  }
  if (member.disabled) throw new AppError('FORBIDDEN', '该账号已停用，请联系客服');
  await clearLoginFailures(db, key);
  await db.update(members).set({ lastLoginAt: meta.now }).where(eq(members.id, member.id));
  return issueSession(db, 'member', member.id, meta);
}

/**
 * SMS login; a phone seen for the first time becomes a member (spec: loginForCode) — only with
 * the tick of 用户协议 and 隐私政策, recorded with the account (channel 'wechat' when the code was
 * typed on the phone's side of a QR login). The refusal rolls the spent code back.
 */
/** `also`: more of the same transaction once the member is known (wx/bind binds the WeChat that scanned). */
export async function loginWithSmsCode(db: Db, input: SmsLoginBody, meta: RequestMeta, also?: (tx: Tx, memberId: number) => Promise<void>) {
  const codeId = await checkSmsCode(db, input.phone, SmsPurpose.login, input.code, meta.now);
  return db.transaction(async (tx) => {
    await spendSmsCode(tx, codeId, meta.now);
    let [member] = await tx.select().from(members).where(eq(members.phone, input.phone)).limit(1);
    const created = !member;
    if (!member) {
      if (!input.agreement) throw agreementRequired();
      member = await createMember(tx, { phone: input.phone, passwordHash: null, inviterId: null, now: meta.now });
      await recordRegistrationConsents(tx, member.id, input, input.via === 'wechat' ? 'wechat' : 'sms', meta);
      await runMemberRegistered(tx, member.id, meta.now);
    }
    if (member.disabled) throw new AppError('FORBIDDEN', '该账号已停用，请联系客服');
    if (also) await also(tx, member.id);
    await tx.update(members).set({ lastLoginAt: meta.now }).where(eq(members.id, member.id));
    const session = await issueSession(tx, 'member', member.id, meta);
    return { ...session, created };
  });
}

/**
 * Password reset by SMS: every session of the member ends and a password hold is lifted. The
 * code is checked first: an unknown phone never receives a reset code, so nobody else learns
 * from this call whether a phone is registered.
 */
export async function resetPassword(db: Db, input: ResetBody, meta: RequestMeta) {
  const codeId = await checkSmsCode(db, input.account, SmsPurpose.reset, input.code, meta.now);
  const [member] = await db.select({ id: members.id }).from(members).where(eq(members.phone, input.account)).limit(1);
  if (!member) throw notFound('该手机号对应的账号');
  const passwordHash = await hashPassword(input.password);
  await db.transaction(async (tx) => {
    await spendSmsCode(tx, codeId, meta.now);
    await tx.update(members).set({ passwordHash }).where(eq(members.id, member.id));
    await revokeAllSessions(tx, 'member', member.id, meta.now);
    await clearLoginFailures(tx, `member:${member.id}`);
  });
}

/** A member's row (404 when there is none), or with `'account'` as the member sees their own account. */
export async function getMember(db: DbOrTx, memberId: number): Promise<MemberRow>;
export async function getMember(db: DbOrTx, memberId: number, as: 'account'): Promise<MemberAccount>;
export async function getMember(db: DbOrTx, memberId: number, as?: 'account'): Promise<MemberRow | MemberAccount> {
  const [member] = await db.select().from(members).where(eq(members.id, memberId)).limit(1);
  if (!member) throw notFound('账号');
  return as === 'account' ? toMemberAccount(member) : member;
}
