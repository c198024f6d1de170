import { and, eq, gt, gte, isNull, or, lt, sql } from 'drizzle-orm';
import { verify } from 'otplib';
import {
  STAFF_CHALLENGE_ATTEMPTS,
  STAFF_CHALLENGE_SECONDS,
  STAFF_CODE_ALERT_FAILURES,
  STAFF_CODE_FAILURES_PER_HOUR,
  STAFF_TOTP_ROLES,
  type LoginResult,
  type StaffLoginAnswer,
  type StaffTotpBody,
} from '@lab/contract';
import type { Db, DbOrTx } from '../../db/client';
import { AppError } from '../../platform/errors';
import { randomToken, sha256 } from '../../platform/crypto';
import type { SmsProvider } from '../../platform/messaging';
import type { SecretBox } from '../../platform/secret-box';
import { staff, staffLoginChallenges, staffRecoveryCodes } from './accounts.tables';
import {issueSession } from './sessions.service';
import type { RequestMeta } from '../../platform/caller';
import { runStaffCodesFailing } from './staff-hooks';

export type StaffRow = typeof staff.$inferSelect;

/** a code of the step before or after the server's is accepted too (clock drift) */
const TOLERANCE_SECONDS = 30;

/** Admin and finance always; anyone else who has bound an authenticator. */
export const needsSecondFactor = (person: Pick<StaffRow, 'role' | 'totpEnabledAt'>) => STAFF_TOTP_ROLES.includes(person.role) || person.totpEnabledAt !== null;

export async function startSession(db: DbOrTx, person: StaffRow, meta: RequestMeta): Promise<LoginResult> {
  await db.update(staff).set({ lastLoginAt: meta.now }).where(eq(staff.id, person.id));
  return issueSession(db, 'staff', person.id, meta);
}

/** A password an admin (or staff:create) set and nobody has logged in with since: a secret just handed over. */
const freshPassword = (person: Pick<StaffRow, 'passwordSetAt' | 'lastLoginAt'>) =>
  person.passwordSetAt !== null && (person.lastLoginAt === null || person.lastLoginAt < person.passwordSetAt);

/**
 * Binding an authenticator needs the one-time setup code an admin handed over, unless the
 * password itself was just handed over (a new account, a password an admin reset) and no code
 * is pending. So after an authenticator reset, or a role that needs one given to an account
 * whose password has been in use, the password alone (perhaps phished) binds nothing.
 */
export const setupCodeRequired = (person: Pick<StaffRow, 'passwordSetAt' | 'lastLoginAt' | 'totpSetupCodeHash'>) =>
  person.totpSetupCodeHash !== null || !freshPassword(person);

export const hourMs = 3600_000;

const secondFactorHeld = (person: StaffRow) =>
  new AppError(
    'SECOND_FACTOR_HELD',
    `该账号近1小时内动态码错误次数过多，已暂停用密码登录，并已通知管理员。${person.phone ? '请改用短信验证码登录，或' : '请稍后再试，或'}请管理员重置您的密码`,
    { status: 429 },
  );

/**
 * The codes an account's challenges of the last hour have spent — the wrong ones, and all
 * STAFF_CHALLENGE_ATTEMPTS of every challenge still open (so challenges made at once cannot
 * outrun the count) — since the password was last set (a new password shuts a stranger out).
 */
async function codesSpent(db: DbOrTx, person: StaffRow, now: Date): Promise<number> {
  const since = new Date(Math.max(now.getTime() - hourMs, person.passwordSetAt?.getTime() ?? 0));
  const c = staffLoginChallenges;
  const [row] = await db
    .select({ spent: sql<number | string>`coalesce(sum(case when ${c.usedAt} is null and ${c.expiresAt} > ${now} then ${STAFF_CHALLENGE_ATTEMPTS} else ${c.failures} end), 0)` })
    .from(c)
    .where(and(eq(c.staffId, person.id), gte(c.createdAt, since)));
  return Number(row?.spent ?? 0);
}

/**
 * After the password (or SMS code) checked out: a session, or — for admin and finance — a
 * challenge for the second step: the TOTP code, or binding an authenticator first. The codes
 * are counted per challenge (one login attempt), so someone who knows the password spends
 * their own attempts and never holds the owner's login; what bounds guessing is the account's
 * hourly budget of wrong codes, checked here for password logins under the staff row's lock.
 * When it is spent the password leads nowhere for the hour; the SMS login, which needs the
 * owner's phone, still does.
 */
export async function afterFirstFactor(db: Db, person: StaffRow, meta: RequestMeta, via: 'password' | 'sms' = 'password'): Promise<StaffLoginAnswer> {
  if (!needsSecondFactor(person)) return startSession(db, person, meta);
  const challenge = randomToken();
  const expiresAt = new Date(meta.now.getTime() + STAFF_CHALLENGE_SECONDS * 1000);
  const stage = person.totpEnabledAt ? 'totp' : 'setup';
  await db.transaction(async (tx) => {
    await tx.select({ id: staff.id }).from(staff).where(eq(staff.id, person.id)).for('update');
    if (via === 'password' && (await codesSpent(tx, person, meta.now)) + STAFF_CHALLENGE_ATTEMPTS > STAFF_CODE_FAILURES_PER_HOUR) throw secondFactorHeld(person);
    await tx.insert(staffLoginChallenges).values({ tokenHash: sha256(challenge), staffId: person.id, stage, via, expiresAt, createdAt: meta.now });
  });
  return { mfa: stage, challenge, expires: Math.floor(expiresAt.getTime() / 1000), ...(stage === 'setup' ? { needsSetupCode: setupCodeRequired(person) } : {}) };
}

const challengeExpired = () => new AppError('CHALLENGE_EXPIRED', '登录验证已超时，请重新输入账号和密码', { status: 401 });
const challengeSpent = () => new AppError('CHALLENGE_SPENT', '错误次数过多，本次登录已失效，请重新输入账号和密码', { status: 429 });

export type ChallengeRow = typeof staffLoginChallenges.$inferSelect;

export async function liveChallenge(db: DbOrTx, token: string, stage: 'totp' | 'setup', now: Date) {
  const [row] = await db
    .select({ challenge: staffLoginChallenges, person: staff })
    .from(staffLoginChallenges)
    .innerJoin(staff, eq(staff.id, staffLoginChallenges.staffId))
    .where(eq(staffLoginChallenges.tokenHash, sha256(token)))
    .limit(1);
  if (!row || row.challenge.stage !== stage || row.challenge.usedAt || row.challenge.expiresAt <= now) throw challengeExpired();
  if (row.challenge.attempts >= STAFF_CHALLENGE_ATTEMPTS) throw challengeSpent();
  if (row.person.disabled) throw new AppError('FORBIDDEN', '该员工账号已停用');
  return row;
}

/**
 * Counts one code tried on the challenge BEFORE it is checked, in one guarded UPDATE: however
 * many arrive at once, at most STAFF_CHALLENGE_ATTEMPTS are ever checked. Returns the tries left
 * after this one (0: this was the last).
 */
export async function claimAttempt(db: DbOrTx, challenge: ChallengeRow, now: Date): Promise<number> {
  const c = staffLoginChallenges;
  const [row] = await db
    .update(c)
    .set({ attempts: sql`${c.attempts} + 1` })
    .where(and(eq(c.id, challenge.id), isNull(c.usedAt), gt(c.expiresAt, now), lt(c.attempts, STAFF_CHALLENGE_ATTEMPTS)))
    .returning({ attempts: c.attempts });
  if (!row) throw challengeSpent();
  return STAFF_CHALLENGE_ATTEMPTS - row.attempts;
}

/**
 * A wrong code (TOTP, recovery or setup code) on the challenge. When the account's wrong codes
 * of the last hour reach STAFF_CODE_ALERT_FAILURES, the owner and the admins are told (the
 * messages module's handler: 系统提醒 and an SMS, once an hour).
 */
export async function recordFailure(db: Db, sms: SmsProvider, challenge: ChallengeRow, person: StaffRow, meta: RequestMeta) {
  const c = staffLoginChallenges;
  await db.update(c).set({ failures: sql`${c.failures} + 1` }).where(eq(c.id, challenge.id));
  const [row] = await db
    .select({ failures: sql<number | string>`coalesce(sum(${c.failures}), 0)` })
    .from(c)
    .where(and(eq(c.staffId, person.id), gt(c.createdAt, new Date(meta.now.getTime() - hourMs))));
  const failures = Number(row?.failures ?? 0);
  if (failures >= STAFF_CODE_ALERT_FAILURES) {
    await runStaffCodesFailing(db, { staff: { id: person.id, account: person.account, name: person.name, role: person.role, phone: person.phone }, failures, ip: meta.ip, now: meta.now, sms });
  }
}

/** Spends the challenge inside the transaction that starts the session: one session per challenge. */
export async function spendChallenge(tx: DbOrTx, id: number, now: Date) {
  const spent = await tx
    .update(staffLoginChallenges)
    .set({ usedAt: now })
    .where(and(eq(staffLoginChallenges.id, id), isNull(staffLoginChallenges.usedAt), gt(staffLoginChallenges.expiresAt, now)))
    .returning({ id: staffLoginChallenges.id });
  if (spent.length === 0) throw challengeExpired();
}

/** The time step a 6-digit code belongs to, or null when it is not a code of this secret now. */
export async function codeStep(secret: string, code: string, now: Date): Promise<number | null> {
  const result = await verify({ secret, token: code, epoch: Math.floor(now.getTime() / 1000), epochTolerance: TOLERANCE_SECONDS });
  return result.valid && 'timeStep' in result ? result.timeStep : null;
}

export const wrongCode = (left: number, what = '动态码') => (left === 0 ? challengeSpent() : new AppError('CODE_WRONG', `${what}错误，还可尝试${left}次`));
const codeReplayed = () => new AppError('CODE_USED', '该动态码已使用过，请等待验证器显示下一个动态码');

export const normaliseRecoveryCode = (code: string) => code.replace('-', '').toLowerCase();

/**
 * The second step of an admin's or finance staff's login: a code of their authenticator, or
 * one of their recovery codes. Counted on the challenge before it is checked (five per login
 * attempt); a code is good once — its time step must be later than the last one accepted,
 * settled by a guarded UPDATE, so the same code sent twice at once wins once.
 */
export async function verifyStaffTotp(db: Db, secrets: SecretBox, sms: SmsProvider, input: StaffTotpBody, meta: RequestMeta): Promise<LoginResult> {
  const { challenge, person } = await liveChallenge(db, input.challenge, 'totp', meta.now);
  const left = await claimAttempt(db, challenge, meta.now);
  const login = /^\d{6}$/.test(input.code)
    ? await loginWithCode(db, secrets, person, challenge.id, input.code, meta)
    : await loginWithRecoveryCode(db, person, challenge.id, input.code, meta);
  if (login) return login;
  await recordFailure(db, sms, challenge, person, meta);
  throw wrongCode(left);
}

/** The session, or null when the code is not one of the secret's now. */
async function loginWithCode(db: Db, secrets: SecretBox, person: StaffRow, challengeId: number, code: string, meta: RequestMeta): Promise<LoginResult | null> {
  if (!person.totpSecret) throw new AppError('TOTP_MISSING', '该账号尚未绑定身份验证器，请重新登录', { status: 409 });
  const step = await codeStep(secrets.open(person.totpSecret), code, meta.now);
  if (step === null) return null;
  if (person.totpLastStep !== null && step <= person.totpLastStep) throw codeReplayed();
  return db.transaction(async (tx) => {
    await spendChallenge(tx, challengeId, meta.now);
    const accepted = await tx
      .update(staff)
      .set({ totpLastStep: step })
      .where(and(eq(staff.id, person.id), or(isNull(staff.totpLastStep), lt(staff.totpLastStep, step))))
      .returning({ id: staff.id });
    if (accepted.length === 0) throw codeReplayed();
    return startSession(tx, person, meta);
  });
}

/** The session, or null when no unused recovery code of the person matches. */
async function loginWithRecoveryCode(db: Db, person: StaffRow, challengeId: number, code: string, meta: RequestMeta): Promise<LoginResult | null> {
  const codeHash = sha256(normaliseRecoveryCode(code));
  const [known] = await db
    .select({ id: staffRecoveryCodes.id })
    .from(staffRecoveryCodes)
    .where(and(eq(staffRecoveryCodes.staffId, person.id), eq(staffRecoveryCodes.codeHash, codeHash), isNull(staffRecoveryCodes.usedAt)))
    .limit(1);
  if (!known) return null;
  return db.transaction(async (tx) => {
    await spendChallenge(tx, challengeId, meta.now);
    const spent = await tx
      .update(staffRecoveryCodes)
      .set({ usedAt: meta.now })
      .where(and(eq(staffRecoveryCodes.id, known.id), isNull(staffRecoveryCodes.usedAt)))
      .returning({ id: staffRecoveryCodes.id });
    if (spent.length === 0) throw new AppError('CODE_USED', '该恢复码已使用过');
    return startSession(tx, person, meta);
  });
}
