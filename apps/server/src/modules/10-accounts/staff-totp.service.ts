import { and, eq, gt, isNull, or, lt, sql } from 'drizzle-orm';
import QRCode from 'qrcode';
import { generateSecret, generateURI, verify } from 'otplib';
import { STAFF_CHALLENGE_SECONDS, STAFF_TOTP_ROLES, type LoginResult, type StaffLoginAnswer, type StaffTotpBody, type StaffTotpEnableBody, type StaffTotpEnabled, type StaffTotpSetup } from '@lab/contract';
import type { Db, DbOrTx } from '../../db/client';
import { AppError, conflict } from '../../platform/errors';
import { randomId, randomToken, sha256 } from '../../platform/crypto';
import type { SecretBox } from '../../platform/secret-box';
import { staff, staffLoginChallenges, staffRecoveryCodes } from '../../db/tables/accounts.tables';
import { claimLoginAttempt, clearLoginFailures, lockedError } from './login-guard.service';
import { issueSession, type RequestMeta } from './sessions.service';

type StaffRow = typeof staff.$inferSelect;

const ISSUER = '科研检测服务商城';
const RECOVERY_CODES = 10;
/** a code of the step before or after the server's is accepted too (clock drift) */
const TOLERANCE_SECONDS = 30;

/** Admin and finance always; anyone else who has bound an authenticator. */
export const needsSecondFactor = (person: Pick<StaffRow, 'role' | 'totpEnabledAt'>) => STAFF_TOTP_ROLES.includes(person.role) || person.totpEnabledAt !== null;

async function startSession(db: DbOrTx, person: StaffRow, meta: RequestMeta): Promise<LoginResult> {
  await db.update(staff).set({ lastLoginAt: meta.now }).where(eq(staff.id, person.id));
  return issueSession(db, 'staff', person.id, meta);
}

/**
 * After the password (or SMS code) checked out: a session, or — for admin and finance — a
 * challenge for the second step: the TOTP code, or binding an authenticator first.
 */
export async function afterFirstFactor(db: Db, person: StaffRow, meta: RequestMeta): Promise<StaffLoginAnswer> {
  if (!needsSecondFactor(person)) return startSession(db, person, meta);
  const challenge = randomToken();
  const expiresAt = new Date(meta.now.getTime() + STAFF_CHALLENGE_SECONDS * 1000);
  const stage = person.totpEnabledAt ? 'totp' : 'setup';
  await db.insert(staffLoginChallenges).values({ tokenHash: sha256(challenge), staffId: person.id, stage, expiresAt, createdAt: meta.now });
  return { mfa: stage, challenge, expires: Math.floor(expiresAt.getTime() / 1000) };
}

const challengeExpired = () => new AppError('CHALLENGE_EXPIRED', '登录验证已超时，请重新输入账号和密码', { status: 401 });

async function liveChallenge(db: DbOrTx, token: string, stage: 'totp' | 'setup', now: Date) {
  const [row] = await db
    .select({ challenge: staffLoginChallenges, person: staff })
    .from(staffLoginChallenges)
    .innerJoin(staff, eq(staff.id, staffLoginChallenges.staffId))
    .where(eq(staffLoginChallenges.tokenHash, sha256(token)))
    .limit(1);
  if (!row || row.challenge.stage !== stage || row.challenge.usedAt || row.challenge.expiresAt <= now) throw challengeExpired();
  if (row.person.disabled) throw new AppError('FORBIDDEN', '该员工账号已停用');
  return row;
}

/** Spends the challenge inside the transaction that starts the session: one session per challenge. */
async function spendChallenge(tx: DbOrTx, id: number, now: Date) {
  const spent = await tx
    .update(staffLoginChallenges)
    .set({ usedAt: now })
    .where(and(eq(staffLoginChallenges.id, id), isNull(staffLoginChallenges.usedAt), gt(staffLoginChallenges.expiresAt, now)))
    .returning({ id: staffLoginChallenges.id });
  if (spent.length === 0) throw challengeExpired();
}

/** The time step a 6-digit code belongs to, or null when it is not a code of this secret now. */
async function codeStep(secret: string, code: string, now: Date): Promise<number | null> {
  const result = await verify({ secret, token: code, epoch: Math.floor(now.getTime() / 1000), epochTolerance: TOLERANCE_SECONDS });
  return result.valid && 'timeStep' in result ? result.timeStep : null;
}

const wrongCode = (left: number, now: Date) =>
  left === 0 ? lockedError(new Date(now.getTime() + 15 * 60_000), now, '动态码') : new AppError('CODE_WRONG', `动态码错误，还可尝试${left}次`);
const codeReplayed = () => new AppError('CODE_USED', '该动态码已使用过，请等待验证器显示下一个动态码');

const normaliseRecoveryCode = (code: string) => code.replace('-', '').toLowerCase();

/**
 * The second step of an admin's or finance staff's login: a code of their authenticator, or
 * one of their recovery codes. Counted like a password, before it is checked (five wrong in 15
 * minutes hold the account); a code is good once — its time step must be later than the last
 * one accepted, settled by a guarded UPDATE, so the same code sent twice at once wins once.
 */
export async function verifyStaffTotp(db: Db, secrets: SecretBox, input: StaffTotpBody, meta: RequestMeta): Promise<LoginResult> {
  const { challenge, person } = await liveChallenge(db, input.challenge, 'totp', meta.now);
  const key = `staff-totp:${person.id}`;
  const left = await claimLoginAttempt(db, key, meta.now, '动态码');
  const login = /^\d{6}$/.test(input.code)
    ? await loginWithCode(db, secrets, person, challenge.id, input.code, meta, left)
    : await loginWithRecoveryCode(db, person, challenge.id, input.code, meta, left);
  await clearLoginFailures(db, key);
  return login;
}

async function loginWithCode(db: Db, secrets: SecretBox, person: StaffRow, challengeId: number, code: string, meta: RequestMeta, left: number) {
  if (!person.totpSecret) throw new AppError('TOTP_MISSING', '该账号尚未绑定身份验证器，请重新登录', { status: 409 });
  const step = await codeStep(secrets.open(person.totpSecret), code, meta.now);
  if (step === null) throw wrongCode(left, meta.now);
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

async function loginWithRecoveryCode(db: Db, person: StaffRow, challengeId: number, code: string, meta: RequestMeta, left: number) {
  const codeHash = sha256(normaliseRecoveryCode(code));
  const [known] = await db
    .select({ id: staffRecoveryCodes.id })
    .from(staffRecoveryCodes)
    .where(and(eq(staffRecoveryCodes.staffId, person.id), eq(staffRecoveryCodes.codeHash, codeHash), isNull(staffRecoveryCodes.usedAt)))
    .limit(1);
  if (!known) throw wrongCode(left, meta.now);
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

/**
 * Binding, step 1: the secret of this challenge (made on the first call, kept sealed on the
 * challenge) as a QR code and as text to type. Calling again shows the same secret.
 */
export async function startStaffTotpSetup(db: Db, secrets: SecretBox, token: string, now: Date): Promise<StaffTotpSetup> {
  const { challenge, person } = await liveChallenge(db, token, 'setup', now);
  let secret = challenge.pendingSecret ? secrets.open(challenge.pendingSecret) : null;
  if (!secret) {
    const fresh = generateSecret();
    const [stored] = await db
      .update(staffLoginChallenges)
      .set({ pendingSecret: secrets.seal(fresh) })
      .where(and(eq(staffLoginChallenges.id, challenge.id), isNull(staffLoginChallenges.pendingSecret)))
      .returning({ id: staffLoginChallenges.id });
    if (stored) secret = fresh;
    else return startStaffTotpSetup(db, secrets, token, now);
  }
  const otpauthUrl = generateURI({ issuer: ISSUER, label: person.account, secret });
  const svg = await QRCode.toString(otpauthUrl, { type: 'svg', margin: 1, errorCorrectionLevel: 'M' });
  return { account: person.account, secret, otpauthUrl, qr: `data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')}` };
}

const newRecoveryCode = () => {
  const raw = randomId(10).toLowerCase();
  return `${raw.slice(0, 5)}-${raw.slice(5)}`;
};

/**
 * Binding, step 2: a code of the new secret proves the app has it. The secret moves onto the
 * staff row, ten recovery codes are made (shown this once, kept hashed) and the session starts.
 */
export async function enableStaffTotp(db: Db, secrets: SecretBox, input: StaffTotpEnableBody, meta: RequestMeta): Promise<StaffTotpEnabled> {
  const { challenge, person } = await liveChallenge(db, input.challenge, 'setup', meta.now);
  if (!challenge.pendingSecret) throw new AppError('TOTP_NOT_STARTED', '请先扫描二维码获取密钥', { status: 409 });
  const key = `staff-totp:${person.id}`;
  const left = await claimLoginAttempt(db, key, meta.now, '动态码');
  const step = await codeStep(secrets.open(challenge.pendingSecret), input.code, meta.now);
  if (step === null) throw wrongCode(left, meta.now);
  const recoveryCodes = Array.from({ length: RECOVERY_CODES }, newRecoveryCode);
  const login = await db.transaction(async (tx) => {
    await spendChallenge(tx, challenge.id, meta.now);
    const bound = await tx
      .update(staff)
      .set({ totpSecret: challenge.pendingSecret, totpEnabledAt: meta.now, totpLastStep: step })
      .where(and(eq(staff.id, person.id), isNull(staff.totpEnabledAt)))
      .returning({ id: staff.id });
    if (bound.length === 0) throw conflict('该账号已绑定身份验证器，请重新登录');
    await tx.delete(staffRecoveryCodes).where(eq(staffRecoveryCodes.staffId, person.id));
    await tx.insert(staffRecoveryCodes).values(recoveryCodes.map((code) => ({ staffId: person.id, codeHash: sha256(normaliseRecoveryCode(code)), createdAt: meta.now })));
    return startSession(tx, person, meta);
  });
  await clearLoginFailures(db, key);
  return { login, recoveryCodes };
}

/** Unbinds a person's authenticator (admin, audited): the next login binds a new one. */
export async function clearStaffTotp(tx: DbOrTx, staffId: number) {
  await tx.update(staff).set({ totpSecret: null, totpEnabledAt: null, totpLastStep: null }).where(eq(staff.id, staffId));
  await tx.delete(staffRecoveryCodes).where(eq(staffRecoveryCodes.staffId, staffId));
  await tx.update(staffLoginChallenges).set({ usedAt: sql`coalesce(${staffLoginChallenges.usedAt}, now())` }).where(eq(staffLoginChallenges.staffId, staffId));
}
