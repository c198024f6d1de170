import type { LoginBody, StaffSmsLoginBody } from '@lab/contract';
import { staffAuth } from './staff-auth';

// no token yet: these calls neither send nor refresh one
const open = { skipAuth: true };

/** POST /api/admin/login — account and password; admin and finance are answered with the second step. */
export const staffPasswordLogin = (body: LoginBody) => staffAuth.login(body, open);

/** POST /api/admin/code4sms — a code to the phone on a staff account (the same answer for any phone). */
export const sendStaffCode = (phone: string) => staffAuth.sendCode({ phone }, open);

/** POST /api/admin/loginForCode — phone and code; like the password, may lead to the second step. */
export const staffSmsLogin = (body: StaffSmsLoginBody) => staffAuth.loginBySms(body, open);

/** POST /api/admin/login/totp — the authenticator's code, or a recovery code. */
export const staffTotpLogin = (challenge: string, code: string) => staffAuth.loginTotp({ challenge, code }, open);

/**
 * POST /api/admin/totp/setup — the key to bind (QR code and text); the same key on every call of one login.
 * `setupCode`: the one-time code an admin handed over, when the login answered needsSetupCode.
 */
export const startTotpSetup = (challenge: string, setupCode?: string) => staffAuth.totpSetup({ challenge, ...(setupCode ? { setupCode } : {}) }, open);

/** POST /api/admin/totp/enable — a code of the new key proves it is bound; answers the session and the recovery codes. */
export const enableTotp = (challenge: string, code: string) => staffAuth.totpEnable({ challenge, code }, open);
