import { z } from 'zod';
import { emptyMessage, optionalText, phoneField, requiredText } from '../common';
import { isPasswordStrongEnough, PASSWORD_MAX, PASSWORD_MIN, weakPasswordMessage } from '../password';
import { AGREEMENT_REQUIRED_MESSAGE, agreementTick, optionalTick } from './agreement-schemas';

export { PASSWORD_MAX, PASSWORD_MIN, PASSWORD_MIN_SCORE, isPasswordStrongEnough, passwordScorerInstalled, weakPasswordMessage } from '../password';
export const SMS_CODE_COOLDOWN_SECONDS = 60;
export const SMS_CODE_TTL_SECONDS = 300;
export const SMS_CODE_MAX_TRIES = 5;
export const SMS_CODES_PER_DAY = 10;
export const LOGIN_MAX_FAILURES = 5;
export const LOGIN_LOCK_MINUTES = 15;
export { ACCESS_TOKEN_SECONDS, REFRESH_TOKEN_SECONDS, REFRESH_WINDOW_SECONDS } from '../tokens';
export const WX_TICKET_SECONDS = 120;

/** useFor of code4sms: 0 register, 1 reset, 3 login (spec). */
export const SmsPurpose = { register: 0, reset: 1, login: 3, staffLogin: 5, closeAccount: 6, signAgreement: 7 } as const;
export type SmsPurpose = (typeof SmsPurpose)[keyof typeof SmsPurpose];

/**
 * A new password: 10–64 characters, and not easy to guess (zxcvbn score 3 or more, once the
 * scorer is installed: see password.ts). Passwords set before these rules keep working:
 * logging in checks only that a password was typed.
 */
const password = (label = '密码') =>
  requiredText(label, PASSWORD_MAX)
    .min(PASSWORD_MIN, { error: `[${label}]不能少于${PASSWORD_MIN}位` })
    .refine(isPasswordStrongEnough, { error: weakPasswordMessage(label), abort: true });
export const passwordField = password;

const smsCode = requiredText('验证码', 6).regex(/^\d{6}$/, { error: '[验证码]应为6位数字' });

export const loginBody = z.object({
  account: requiredText('用户名/手机号', 64),
  password: requiredText('密码', PASSWORD_MAX),
});
export type LoginBody = z.infer<typeof loginBody>;

/**
 * loginForCode registers a phone seen for the first time, so it carries the registration's
 * ticks: `agreement` (用户协议 and 隐私政策; the server refuses a new account without it) and the
 * optional `marketingSms`. `via` says which page the code was typed on: the phone's side of a
 * WeChat QR login registers as 'wechat' (the consent's channel).
 */
export const smsLoginBody = z.object({
  phone: phoneField('手机号'),
  code: smsCode,
  agreement: optionalTick,
  marketingSms: optionalTick,
  via: z.enum(['sms', 'wechat'], { error: '[来源]不正确' }).optional(),
});
export type SmsLoginBody = z.infer<typeof smsLoginBody>;
/** The SMS login form as a person fills it: it may register, so the tick is asked for every time. */
export const smsLoginForm = smsLoginBody.extend({ agreement: agreementTick });

export const sendCodeBody = z.object({
  phone: phoneField('手机号'),
  // A form sends '0', JSON sends 0; a blank value must not coerce to 0 (register).
  useFor: z
    .union([z.string(), z.number()], { error: emptyMessage('用途') })
    .transform((value, ctx) => {
      const text = String(value).trim();
      if (text === '') {
        ctx.addIssue({ code: 'custom', message: emptyMessage('用途') });
        return z.NEVER;
      }
      const purpose = Number(text);
      if (purpose !== 0 && purpose !== 1 && purpose !== 3) {
        ctx.addIssue({ code: 'custom', message: '[用途]不正确' });
        return z.NEVER;
      }
      return purpose as 0 | 1 | 3;
    }),
});
export type SendCodeBody = z.infer<typeof sendCodeBody>;

export const signBody = z.object({
  phone: phoneField('手机号'),
  code: smsCode,
  password: password('密码'),
  inviterCode: optionalText('邀请码', 32),
  /** the tick of 用户协议 and 隐私政策 (required) and of 营销短信 (optional) */
  agreement: agreementTick,
  marketingSms: optionalTick,
});
export type SignBody = z.infer<typeof signBody>;

export const resetBody = z.object({
  account: phoneField('手机号'),
  code: smsCode,
  password: password('密码'),
});
export type ResetBody = z.infer<typeof resetBody>;

/**
 * The register form as a person fills it: the spec checks phone, code, password and
 * confirmation in that order, then the match; only the first error is shown.
 */
export const signForm = z
  .object({
    phone: phoneField('手机号'),
    code: smsCode,
    password: password('密码'),
    confirmPassword: requiredText('确认密码', PASSWORD_MAX),
    inviterCode: optionalText('邀请码', 32),
    agreement: optionalTick,
    marketingSms: optionalTick,
  })
  .refine((form) => form.password === form.confirmPassword, { error: '[密码]不一致', path: ['confirmPassword'] })
  // the tick last, as the form shows it above the button
  .refine((form) => form.agreement, { error: AGREEMENT_REQUIRED_MESSAGE, path: ['agreement'] });

export const resetForm = z
  .object({
    account: phoneField('手机号'),
    code: smsCode,
    password: password('密码'),
    confirmPassword: requiredText('确认密码', PASSWORD_MAX),
  })
  .refine((form) => form.password === form.confirmPassword, { error: '[密码]不一致', path: ['confirmPassword'] });

/**
 * refresh4token: the refresh token as the spec sends it (query `token`) or in the body, which
 * keeps it out of addresses and access logs (the web sends it in the body). One is required.
 */
export const refreshQuery = z.object({ token: optionalText('刷新令牌', 200) });
export const refreshBody = z.object({ token: optionalText('刷新令牌', 200) });

export const wxTicketBody = z.object({ ticket: requiredText('二维码', 100) });

/**
 * POST /api/open/login (and the staff logins) answer with this: the two tokens the browser
 * keeps and when the access token runs out — nothing else of the session (its id, family,
 * hashes) leaves the server.
 */
export const loginResult = z.object({
  token: z.string(),
  refreshToken: z.string(),
  /** access-token expiry, seconds since epoch */
  expires: z.number().int(),
});
export type LoginResult = z.infer<typeof loginResult>;

/** loginForCode: the session, and whether this login made the phone a new member. */
export const smsLoginResult = loginResult.extend({ newMember: z.boolean() });
export type SmsLoginResult = z.infer<typeof smsLoginResult>;

/** POST /api/open/refresh4token answers with this (snake case, as the spec lists it). */
export const refreshResult = z.object({
  token: z.string(),
  refresh_token: z.string(),
  /** access-token expiry, seconds since epoch */
  expires_at: z.number().int(),
});
export type RefreshResult = z.infer<typeof refreshResult>;

export const wxTicket = z.object({
  expire_seconds: z.number().int(),
  /** an image of the QR code; the code itself opens this site's confirm page */
  qr_code_url: z.string(),
  ticket: z.string(),
  /** the page the QR code encodes, for a person who cannot scan */
  confirm_url: z.string(),
});
export type WxTicket = z.infer<typeof wxTicket>;

/** bind: scanned in WeChat by someone with no member bound — the desktop asks for the phone and an SMS code once (wx/bind) */
export const wxTicketStatus = z.enum(['waiting', 'scanned', 'bind', 'confirmed', 'expired']);
export type WxTicketStatus = z.infer<typeof wxTicketStatus>;

/** wx/scan: the ticket's state and the device that asked for it, shown before the member confirms. */
export const wxScanResult = z.object({
  status: z.enum(['scanned', 'confirmed']),
  request: z.object({
    /** browser and system, e.g. "Chrome 131 · Windows 10" */
    device: z.string(),
    ip: z.string().nullable(),
    /** rough place of the address (offline database), null when unknown or private */
    place: z.string().nullable(),
    requestedAt: z.string(),
  }),
});
export type WxScanResult = z.infer<typeof wxScanResult>;

export const wxPollResult = z.object({
  status: wxTicketStatus,
  /** present once, when the status turns confirmed */
  login: loginResult.optional(),
});
export type WxPollResult = z.infer<typeof wxPollResult>;

/** wx/bind: the phone and its SMS code (useFor 3) that bind the WeChat that scanned; a new phone registers, as SMS login does. */
export const wxBindBody = smsLoginBody.omit({ via: true }).extend({ ticket: requiredText('二维码', 100) });
export type WxBindBody = z.infer<typeof wxBindBody>;

/** The member's WeChat binding, as 账号设置 shows it. */
export const wxBinding = z.object({
  bound: z.boolean(),
  /** whether the official account serves (else the QR login is this site's own confirm page) */
  officialAccount: z.boolean(),
  boundAt: z.string().nullable(),
  /** still following the official account: WeChat notices reach them */
  subscribed: z.boolean().nullable(),
});
export type WxBinding = z.infer<typeof wxBinding>;

/** Organisation types (spec): 0 student, 3 teacher, 1 individual, 2 enterprise. */
export const Organization = { student: 0, individual: 1, enterprise: 2, teacher: 3 } as const;
export const organizationLabels: Record<number, string> = { 0: '学生', 3: '老师', 1: '个人', 2: '企业' };

export const memberAccount = z.object({
  rid: z.string(),
  phone: z.string(),
  nickname: z.string(),
  name: z.string().nullable(),
  email: z.string().nullable(),
  organization: z.number().int().nullable(),
  company: z.string().nullable(),
  inviteCode: z.string(),
  /** a password is set (an SMS-made account has none until reset): never the hash itself */
  hasPassword: z.boolean(),
  createdAt: z.string(),
});
export type MemberAccount = z.infer<typeof memberAccount>;

export const memberAddress = z.object({
  rid: z.string(),
  name: z.string(),
  phone: z.string(),
  province: z.string(),
  city: z.string(),
  area: z.string(),
  address: z.string(),
  address_code: z.string(),
  default: z.union([z.literal(0), z.literal(1)]),
  disabled: z.boolean().optional(),
});
export type MemberAddress = z.infer<typeof memberAddress>;

/** user/info: the spec's userInfo.account, the address list and cartNum. */
export interface UserInfo {
  account: MemberAccount;
  addressList: MemberAddress[];
  cartNum: number;
}

export const StaffRole = { admin: 'admin', sales: 'sales', lab: 'lab', finance: 'finance' } as const;
export type StaffRole = (typeof StaffRole)[keyof typeof StaffRole];
export const staffRole = z.enum(StaffRole);
export const staffRoleLabels: Record<StaffRole, string> = {
  admin: '管理员',
  sales: '客户经理',
  lab: '实验员',
  finance: '财务',
};

/** admin/me: who is logged in to the back office (not their id: nothing on screen needs it). */
export const staffInfo = z.object({ account: z.string(), name: z.string(), role: staffRole });
export type StaffInfo = z.infer<typeof staffInfo>;

export const smsCodeField = smsCode;
