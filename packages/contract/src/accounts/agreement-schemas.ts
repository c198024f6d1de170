import { z } from 'zod';
import { ID_MAX } from '../common';

/**
 * The site's agreements (用户协议, 隐私政策, 委托检测服务条款) with their published versions, and the
 * consents members give to them (个人信息保护法: consent, notice of changes, withdrawal).
 */
export const agreementKinds = ['user', 'privacy', 'service'] as const;
export type AgreementKind = (typeof agreementKinds)[number];
export const agreementKindLabels: Record<AgreementKind, string> = { user: '用户协议', privacy: '隐私政策', service: '委托检测服务条款' };
/** The agreements every member accepts at registration, and is asked again about after a new version. */
export const MEMBER_AGREEMENTS = ['user', 'privacy'] as const satisfies readonly AgreementKind[];

/** A consent's purpose: an agreement, or an optional purpose the member may switch off. */
export const consentPurposes = ['user', 'privacy', 'service', 'marketing_sms'] as const;
export type ConsentPurpose = (typeof consentPurposes)[number];
export const consentPurposeLabels: Record<ConsentPurpose, string> = { ...agreementKindLabels, marketing_sms: '营销短信' };

/** Where a consent was given: the registration path, asked again after a new version, or 账号设置. */
export const consentChannels = ['sms', 'password', 'wechat', 'invite', 're-consent', 'settings'] as const;
export type ConsentChannel = (typeof consentChannels)[number];
export const consentChannelLabels: Record<ConsentChannel, string> = {
  sms: '短信验证码注册',
  password: '密码注册',
  wechat: '微信扫码注册',
  invite: '邀请链接注册',
  're-consent': '协议更新后再次同意',
  settings: '账号设置',
};

export const AGREEMENT_REQUIRED_MESSAGE = '请阅读并同意《用户协议》和《隐私政策》';

/** A tick as a form sends it ('1', 'true', 'on') or JSON (true); anything else is "not ticked". */
const tick = z.preprocess((v) => v === true || v === 'true' || v === '1' || v === 'on' || v === 1, z.boolean());

/** The registration's tick of 用户协议 and 隐私政策: required, refused with one clear sentence. */
export const agreementTick = tick.refine((v) => v, { error: AGREEMENT_REQUIRED_MESSAGE });
/** The same tick where it is needed only when the call creates an account (SMS login). */
export const optionalTick = z.preprocess((v) => (v === undefined || v === null || v === '' ? false : v), tick);

/** A published version as the public page shows it. */
export const agreementVersion = z.object({
  kind: z.enum(agreementKinds),
  version: z.number().int(),
  title: z.string(),
  /** cleaned HTML */
  body: z.string(),
  summary: z.string(),
  /** YYYY-MM-DD (Shanghai) */
  effectiveDate: z.string(),
  publishedAt: z.string(),
});
export type AgreementVersion = z.infer<typeof agreementVersion>;
export const agreementVersionItem = agreementVersion.omit({ body: true });
export type AgreementVersionItem = z.infer<typeof agreementVersionItem>;

export const agreementKindField = z.enum(agreementKinds, { error: '[协议]不正确' });
export const agreementQuery = z.object({
  kind: agreementKindField,
  /** blank: the current version */
  version: z.preprocess((v) => (v === '' || v === null ? undefined : v), z.coerce.number({ error: '[版本]不正确' }).int({ error: '[版本]不正确' }).min(1, { error: '[版本]不正确' }).max(ID_MAX, { error: '[版本]不正确' }).optional()),
});
export const agreementKindQuery = z.object({ kind: agreementKindField });

/** An agreement a logged-in member is asked to accept again (a newer version than theirs). */
export const consentDueItem = z.object({ kind: z.enum(agreementKinds), version: z.number().int(), title: z.string(), summary: z.string(), effectiveDate: z.string() });
export type ConsentDueItem = z.infer<typeof consentDueItem>;

const versionAgreed = z.preprocess(
  (v) => (v === '' || v === null ? undefined : v),
  z.coerce.number({ error: '[版本]不正确' }).int({ error: '[版本]不正确' }).min(1, { error: '[版本]不正确' }).max(ID_MAX, { error: '[版本]不正确' }).optional(),
);
/**
 * 同意 in the dialog: the version of each agreement the member read (user, privacy; a form's
 * flat fields). A newer version published meanwhile answers 409.
 */
export const consentAcceptBody = z
  .object({ user: versionAgreed, privacy: versionAgreed })
  .refine((body) => body.user !== undefined || body.privacy !== undefined, { error: '[协议]不能为空' });
export type ConsentAcceptBody = z.infer<typeof consentAcceptBody>;
export const CONSENT_CHANGED_MESSAGE = '协议已再次更新，请阅读最新版本后同意';

/**
 * A member call that starts new processing (an order, a booking, new personal data…) while a
 * newer 用户协议 or 隐私政策 waits for the member's consent: refused with status 403 and this
 * data, so the web shows the consent dialog (`reason`) with the versions due. Reading, paying for
 * finished work, exporting, closing the account and the consent itself stay open.
 */
export const CONSENT_REQUIRED_REASON = 'CONSENT_REQUIRED';
export const CONSENT_REQUIRED_MESSAGE = '《用户协议》或《隐私政策》已更新，请阅读并同意后再继续操作';
export interface ConsentRequiredData {
  reason: typeof CONSENT_REQUIRED_REASON;
  consentDue: ConsentDueItem[];
}
export const isConsentRequiredData = (data: unknown): data is ConsentRequiredData =>
  typeof data === 'object' && data !== null && (data as { reason?: unknown }).reason === CONSENT_REQUIRED_REASON && Array.isArray((data as { consentDue?: unknown }).consentDue);

export const marketingSmsBody = z.object({ granted: tick });

/** One consent row, as the member and staff read the history. */
export const consentRecord = z.object({
  purpose: z.enum(consentPurposes),
  version: z.number().int().nullable(),
  granted: z.boolean(),
  channel: z.enum(consentChannels),
  ip: z.string().nullable(),
  createdAt: z.string(),
});
export type ConsentRecord = z.infer<typeof consentRecord>;

/** 账号设置 → 隐私与授权: the optional consents' state and the history. */
export const myConsents = z.object({ marketingSms: z.boolean(), history: z.array(consentRecord) });
export type MyConsents = z.infer<typeof myConsents>;
