import { and, eq, isNull, sql } from 'drizzle-orm';
import QRCode from 'qrcode';
import { randomInt } from 'node:crypto';
import { generateSecret, generateURI } from 'otplib';
import { STAFF_SETUP_CODE_HOURS, type StaffTotpEnableBody, type StaffTotpEnabled, type StaffTotpSetup, type StaffTotpSetupBody } from '@lab/contract';
import type { Db, DbOrTx } from '../../db/client';
import { AppError, conflict } from '../../platform/errors';
import { randomId, safeEqual, sha256 } from '../../platform/crypto';
import type { SmsProvider } from '../../platform/messaging';
import type { SecretBox } from '../../platform/secret-box';
import { staff, staffLoginChallenges, staffRecoveryCodes } from './accounts.tables';
import type { RequestMeta } from '../../platform/caller';
import {
  claimAttempt,
  codeStep,
  hourMs,
  liveChallenge,
  normaliseRecoveryCode,
  recordFailure,
  setupCodeRequired,
  spendChallenge,
  startSession,
  wrongCode,
  type ChallengeRow,
  type StaffRow,
} from './staff-totp.service';

/**
 * Binding an authenticator (the setup code an admin hands over, the QR code, the first code and
 * the recovery codes) and unbinding it; the login's second factor itself is staff-totp.service.ts.
 */

const ISSUER = '科研检测服务商城';
const RECOVERY_CODES = 10;

/**
 * The setup code checked once per challenge, counted like any code (a wrong one spends one of
 * the challenge's tries and counts toward the account's alert); the challenge then remembers
 * which code it proved, and the binding must find that code still the account's.
 */
async function proveSetupCode(db: Db, sms: SmsProvider, challenge: ChallengeRow, person: StaffRow, code: string | undefined, meta: RequestMeta) {
  if (!person.totpSetupCodeHash) throw new AppError('SETUP_CODE_MISSING', '绑定身份验证器需要管理员发放的绑定码，请联系管理员在“员工账号”中为您发放', { status: 409 });
  if (!code) throw new AppError('SETUP_CODE_NEEDED', '请输入管理员发放的绑定码');
  const left = await claimAttempt(db, challenge, meta.now);
  const hash = sha256(code);
  if (!safeEqual(hash, person.totpSetupCodeHash)) {
    await recordFailure(db, sms, challenge, person, meta);
    throw wrongCode(left, '绑定码');
  }
  if (!person.totpSetupCodeExpiresAt || person.totpSetupCodeExpiresAt <= meta.now) throw new AppError('SETUP_CODE_EXPIRED', '绑定码已过期，请联系管理员重新发放', { status: 409 });
  await db.update(staffLoginChallenges).set({ setupCodeHash: hash }).where(and(eq(staffLoginChallenges.id, challenge.id), isNull(staffLoginChallenges.setupCodeHash)));
}

/**
 * Binding, step 1: the secret of this challenge (made on the first call, kept sealed on the
 * challenge) as a QR code and as text to type; first the setup code when one is required.
 * Calling again shows the same secret.
 */
export async function startStaffTotpSetup(db: Db, secrets: SecretBox, sms: SmsProvider, input: StaffTotpSetupBody, meta: RequestMeta): Promise<StaffTotpSetup> {
  const { challenge, person } = await liveChallenge(db, input.challenge, 'setup', meta.now);
  if (setupCodeRequired(person) && !challenge.setupCodeHash) {
    await proveSetupCode(db, sms, challenge, person, input.setupCode, meta);
    return startStaffTotpSetup(db, secrets, sms, input, meta);
  }
  let secret = challenge.pendingSecret ? secrets.open(challenge.pendingSecret) : null;
  if (!secret) {
    const fresh = generateSecret();
    const [stored] = await db
      .update(staffLoginChallenges)
      .set({ pendingSecret: secrets.seal(fresh) })
      .where(and(eq(staffLoginChallenges.id, challenge.id), isNull(staffLoginChallenges.pendingSecret)))
      .returning({ id: staffLoginChallenges.id });
    if (stored) secret = fresh;
    else return startStaffTotpSetup(db, secrets, sms, input, meta);
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
 * staff row (with the setup code the challenge proved, if one was required: spent now), ten
 * recovery codes are made (shown this once, kept hashed) and the session starts.
 */
export async function enableStaffTotp(db: Db, secrets: SecretBox, sms: SmsProvider, input: StaffTotpEnableBody, meta: RequestMeta): Promise<StaffTotpEnabled> {
  const { challenge, person } = await liveChallenge(db, input.challenge, 'setup', meta.now);
  const required = setupCodeRequired(person);
  if (required && !challenge.setupCodeHash) throw new AppError('SETUP_CODE_NEEDED', '请先输入管理员发放的绑定码，请重新登录', { status: 409 });
  if (!challenge.pendingSecret) throw new AppError('TOTP_NOT_STARTED', '请先扫描二维码获取密钥', { status: 409 });
  const left = await claimAttempt(db, challenge, meta.now);
  const step = await codeStep(secrets.open(challenge.pendingSecret), input.code, meta.now);
  if (step === null) {
    await recordFailure(db, sms, challenge, person, meta);
    throw wrongCode(left);
  }
  const recoveryCodes = Array.from({ length: RECOVERY_CODES }, newRecoveryCode);
  return db.transaction(async (tx) => {
    await spendChallenge(tx, challenge.id, meta.now);
    const bound = await tx
      .update(staff)
      .set({ totpSecret: challenge.pendingSecret, totpEnabledAt: meta.now, totpLastStep: step, totpSetupCodeHash: null, totpSetupCodeExpiresAt: null })
      .where(and(eq(staff.id, person.id), isNull(staff.totpEnabledAt), required ? eq(staff.totpSetupCodeHash, challenge.setupCodeHash!) : undefined))
      .returning({ id: staff.id });
    if (bound.length === 0) throw conflict(required ? '绑定码已失效（已被使用或管理员已重新发放），请重新登录' : '该账号已绑定身份验证器，请重新登录');
    await tx.delete(staffRecoveryCodes).where(eq(staffRecoveryCodes.staffId, person.id));
    await tx.insert(staffRecoveryCodes).values(recoveryCodes.map((code) => ({ staffId: person.id, codeHash: sha256(normaliseRecoveryCode(code)), createdAt: meta.now })));
    return { login: await startSession(tx, person, meta), recoveryCodes };
  });
}

const SETUP_CODE_ALPHABET = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789';

/**
 * A new setup code (绑定码) for the person, replacing any earlier one: 10 characters of 31
 * (about 50 bits), kept as SHA-256, good for STAFF_SETUP_CODE_HOURS and once. The admin sees it
 * this once and hands it over.
 */
export async function issueStaffSetupCode(tx: DbOrTx, staffId: number, now: Date): Promise<{ code: string; expiresAt: Date }> {
  const raw = Array.from({ length: 10 }, () => SETUP_CODE_ALPHABET[randomInt(SETUP_CODE_ALPHABET.length)]).join('');
  const expiresAt = new Date(now.getTime() + STAFF_SETUP_CODE_HOURS * hourMs);
  await tx.update(staff).set({ totpSetupCodeHash: sha256(raw), totpSetupCodeExpiresAt: expiresAt }).where(eq(staff.id, staffId));
  return { code: `${raw.slice(0, 5)}-${raw.slice(5)}`, expiresAt };
}

/** Unbinds a person's authenticator (admin, audited): their recovery codes, open challenges and any pending setup code go too. */
export async function clearStaffTotp(tx: DbOrTx, staffId: number) {
  await tx.update(staff).set({ totpSecret: null, totpEnabledAt: null, totpLastStep: null, totpSetupCodeHash: null, totpSetupCodeExpiresAt: null }).where(eq(staff.id, staffId));
  await tx.delete(staffRecoveryCodes).where(eq(staffRecoveryCodes.staffId, staffId));
  await tx.update(staffLoginChallenges).set({ usedAt: sql`coalesce(${staffLoginChallenges.usedAt}, now())` }).where(eq(staffLoginChallenges.staffId, staffId));
}
