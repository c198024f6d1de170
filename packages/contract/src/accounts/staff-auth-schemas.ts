import { z } from 'zod';
import { phoneField, requiredText } from '../common';
import { loginResult, type LoginResult, smsCodeField, type StaffRole } from './schemas';

// ---- staff login by SMS (optional second way in) ----

export const staffCodeBody = z.object({ phone: phoneField('手机号') });
export type StaffCodeBody = z.infer<typeof staffCodeBody>;

export const staffSmsLoginBody = z.object({ phone: phoneField('手机号'), code: smsCodeField });
export type StaffSmsLoginBody = z.infer<typeof staffSmsLoginBody>;

/** Roles that must log in with a second factor (TOTP) after the password or SMS code. */
export const STAFF_TOTP_ROLES: readonly StaffRole[] = ['admin', 'finance'];
export const STAFF_CHALLENGE_SECONDS = 300;
/** codes (TOTP, recovery, setup) one challenge — one login attempt — may try; then it is spent and the password is asked again */
export const STAFF_CHALLENGE_ATTEMPTS = 5;
/**
 * wrong codes an account's password logins may spend in an hour (codes still open on live
 * challenges counted as spent): beyond it the password leads to no new challenge until the hour
 * has passed or the password is changed; the SMS login (the owner's phone) still does
 */
export const STAFF_CODE_FAILURES_PER_HOUR = 20;
/** wrong codes on an account in an hour that alert the admins (系统提醒) and the owner (SMS), once an hour */
export const STAFF_CODE_ALERT_FAILURES = 5;
/** how long an authenticator setup code (绑定码) an admin handed over stays good */
export const STAFF_SETUP_CODE_HOURS = 24;

/**
 * The staff login's first answer when a second factor is due: `totp`, enter the code of the
 * authenticator app (or a recovery code); `setup`, bind an authenticator first. `challenge`
 * stands for the first factor for a few minutes and once.
 */
export const staffMfaChallenge = z.object({
  mfa: z.enum(['totp', 'setup']),
  challenge: z.string(),
  /** seconds since epoch */
  expires: z.number().int(),
  /**
   * setup only: the binding needs the one-time setup code (绑定码) an admin handed over — after
   * an authenticator reset, or when the password has been used before (docs/decisions/0033-authenticator-setup-code.md)
   */
  needsSetupCode: z.boolean().optional(),
});
export type StaffMfaChallenge = z.infer<typeof staffMfaChallenge>;
/** the session, or the second step (the challenge first: an answer with `mfa` is one) */
export const staffLoginAnswer = z.union([staffMfaChallenge, loginResult]);
export type StaffLoginAnswer = LoginResult | StaffMfaChallenge;
export const isMfaChallenge = (answer: StaffLoginAnswer): answer is StaffMfaChallenge => 'mfa' in answer;

const challengeField = requiredText('登录凭证', 100);
/** A 6-digit TOTP code, or one recovery code (xxxxx-xxxxx, the dash optional). */
export const totpCodeField = requiredText('动态码', 20).regex(/^(\d{6}|[A-Za-z0-9]{5}-?[A-Za-z0-9]{5})$/, { error: '[动态码]应为6位数字或恢复码' });
export const staffTotpBody = z.object({ challenge: challengeField, code: totpCodeField });
export type StaffTotpBody = z.infer<typeof staffTotpBody>;
/** The setup code an admin hands over: 10 letters and digits (no 0/O/1/I/L), shown as ABCDE-FGHJK; spaces and dashes ignored. */
export const normaliseSetupCode = (code: string) => code.replace(/[\s-]/g, '').toUpperCase();
/** The setup code as typed: spaces and dashes dropped, upper-cased, then 10 of the 31 characters. */
export const setupCodeField = z.preprocess(
  (value) => (typeof value === 'string' ? normaliseSetupCode(value) : value),
  requiredText('绑定码', 20).regex(/^[A-HJKMNP-Z2-9]{10}$/, { error: '[绑定码]应为10位字母或数字' }),
);
export const staffSetupCodeBody = z.object({ setupCode: setupCodeField });
export const staffTotpSetupBody = z.object({
  challenge: challengeField,
  /** needed when the challenge said needsSetupCode, until one was accepted for this challenge */
  setupCode: z.preprocess((value) => (value === '' || value === null ? undefined : value), setupCodeField.optional()),
});
export type StaffTotpSetupBody = z.infer<typeof staffTotpSetupBody>;
export const staffTotpEnableBody = z.object({ challenge: challengeField, code: requiredText('动态码', 6).regex(/^\d{6}$/, { error: '[动态码]应为6位数字' }) });
export type StaffTotpEnableBody = z.infer<typeof staffTotpEnableBody>;

/** What the setup screen shows: the QR code (otpauth URI as an SVG data URL) and the key to type by hand. */
export const staffTotpSetup = z.object({
  account: z.string(),
  /** the key, for typing by hand: shown to the person binding it, never stored in the browser */
  secret: z.string(),
  otpauthUrl: z.string(),
  qr: z.string(),
});
export type StaffTotpSetup = z.infer<typeof staffTotpSetup>;

/** The binding confirmed: the session, and the recovery codes, shown this once. */
export const staffTotpEnabled = z.object({
  login: loginResult,
  recoveryCodes: z.array(z.string()),
});
export type StaffTotpEnabled = z.infer<typeof staffTotpEnabled>;

/**
 * 微信提醒 of a staff member (docs/decisions/0056-wechat-staff-alerts-and-subscriptions.md): the
 * official account's temporary QR code whose scene names the staff account; scanned (关注 or 扫码)
 * it binds that WeChat, and the promise alerts reach it as template messages.
 */
export const staffWxBindQr = z.object({
  expire_seconds: z.number().int(),
  /** an image of WeChat's QR code (drawn by the server) */
  qr_code_url: z.string(),
});
export type StaffWxBindQr = z.infer<typeof staffWxBindQr>;
