import type { LoginBody, LoginResult, StaffSmsLoginBody } from '@lab/contract';
import { adminPost } from '../../../lib/admin-api';

/** POST /api/admin/login — account and password. */
export const staffPasswordLogin = (body: LoginBody) => adminPost<LoginResult>('/api/admin/login', { ...body }, { skipAuth: true });

/** POST /api/admin/code4sms — a code to the phone on a staff account (the same answer for any phone). */
export const sendStaffCode = (phone: string) => adminPost<null>('/api/admin/code4sms', { phone }, { skipAuth: true });

/** POST /api/admin/loginForCode — phone and code. */
export const staffSmsLogin = (body: StaffSmsLoginBody) => adminPost<LoginResult>('/api/admin/loginForCode', { ...body }, { skipAuth: true });
