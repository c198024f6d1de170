import type { LoginBody, LoginResult, StaffLoginAnswer, StaffSmsLoginBody, StaffTotpEnabled, StaffTotpSetup } from '@lab/contract';
import { adminPost } from '../../../lib/admin-api';

/** POST /api/admin/login — account and password; admin and finance are answered with the second step. */
export const staffPasswordLogin = (body: LoginBody) => adminPost<StaffLoginAnswer>('/api/admin/login', { ...body }, { skipAuth: true });

/** POST /api/admin/code4sms — a code to the phone on a staff account (the same answer for any phone). */
export const sendStaffCode = (phone: string) => adminPost<null>('/api/admin/code4sms', { phone }, { skipAuth: true });

/** POST /api/admin/loginForCode — phone and code; like the password, may lead to the second step. */
export const staffSmsLogin = (body: StaffSmsLoginBody) => adminPost<StaffLoginAnswer>('/api/admin/loginForCode', { ...body }, { skipAuth: true });

/** POST /api/admin/login/totp — the authenticator's code, or a recovery code. */
export const staffTotpLogin = (challenge: string, code: string) => adminPost<LoginResult>('/api/admin/login/totp', { challenge, code }, { skipAuth: true });

/** POST /api/admin/totp/setup — the key to bind (QR code and text); the same key on every call of one login. */
export const startTotpSetup = (challenge: string) => adminPost<StaffTotpSetup>('/api/admin/totp/setup', { challenge }, { skipAuth: true });

/** POST /api/admin/totp/enable — a code of the new key proves it is bound; answers the session and the recovery codes. */
export const enableTotp = (challenge: string, code: string) => adminPost<StaffTotpEnabled>('/api/admin/totp/enable', { challenge, code }, { skipAuth: true });
