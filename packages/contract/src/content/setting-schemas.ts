import { z } from 'zod';
import { requiredText } from '../common';

// ---- settings: POST /api/open/setting and setting/list4key ----

export const localInfo = z.object({
  address: z.string(),
  phone: z.string(),
  email: z.string(),
  /** the express receiving address and contact for self-sent samples */
  express: z.string(),
});
export type LocalInfo = z.infer<typeof localInfo>;

export const samplingSetting = z.object({
  /** YYYY-MM-DD dates with no pickup */
  disabled_date: z.array(z.string()),
  /** 'YYYY-MM-DD HH:mm' date-slot pairs that are closed */
  disabled_date_time: z.array(z.string()),
  /** a slot (HH:mm) closed every day */
  disabled_time: z.string().nullable(),
  /** weekdays with no pickup, 0 Sunday … 6 Saturday */
  disabled_week: z.array(z.number().int()),
  /** dates listed as exceptions: open although a rule would close them */
  invalid_disabled_date: z.array(z.string()),
  sampling_time1: z.string(),
  sampling_time2: z.string(),
  sampling_time3: z.string(),
  sampling_time4: z.string(),
  WxTip1: z.string(),
});
export type SamplingSetting = z.infer<typeof samplingSetting>;

/**
 * 备案与主体信息 (站点设置): the public footer shows each part only when it is set. `licenceImg`
 * is the business licence's picture as a full address ('' when none); `founded` the year the
 * lab was founded (years of service are counted from it), null when not set.
 */
export const siteIdentity = z.object({
  /** ICP 备案号, e.g. 沪ICP备12345678号-1: linked to https://beian.miit.gov.cn/ */
  icp: z.string(),
  /** 公安机关备案号, e.g. 沪公网安备 31010402000123号: linked with its digits as recordcode */
  police: z.string(),
  /** the 公安 record's digits (policeRecordCode), for the beian.gov.cn link; '' when none */
  policeCode: z.string(),
  /** the operating company's registered name */
  company: z.string(),
  licenceImg: z.string(),
  founded: z.number().int().nullable(),
  /** the footer's QR images of the real accounts, full addresses ('' when none: that code is not shown) */
  qrOfficial: z.string(),
  /** 业务咨询: a 企业微信 customer-service code, or a sales person's */
  qrConsult: z.string(),
  qrMiniapp: z.string(),
});
export type SiteIdentity = z.infer<typeof siteIdentity>;

/** The digits of a 公安备案号, for beian.gov.cn's recordcode link ('' when there are none). */
export const policeRecordCode = (police: string) => (police.match(/\d{6,}/g) ?? []).join('');

/**
 * 委托协议签署要求 (decisions/0057): an enterprise customer's order always needs a signed 委托检测服务协议
 * before testing starts; any other order when its amount due is at least `fromFen` (null: no threshold).
 */
export const agreementRule = z.object({ fromFen: z.number().int().nullable() });
export type AgreementRule = z.infer<typeof agreementRule>;

export const siteSettings = z.object({
  /** 6-digit region codes where home pickup is offered */
  allowRegion: z.array(z.string()),
  samplingSetting,
  localInfo,
  identity: siteIdentity,
  agreementRule,
});
export type SiteSettings = z.infer<typeof siteSettings>;

export const settingKeys = ['allowRegion', 'samplingSetting', 'samplingInfo', 'localInfo'] as const;
export const settingListBody = z.object({
  /** one key or several, comma separated */
  keys: requiredText('配置项', 200).transform((value, ctx) => {
    const keys = value.split(',').map((k) => k.trim()).filter(Boolean);
    for (const key of keys) {
      if (!(settingKeys as readonly string[]).includes(key)) {
        ctx.addIssue({ code: 'custom', message: `[配置项]${key}不存在` });
        return z.NEVER;
      }
    }
    return keys as (typeof settingKeys)[number][];
  }),
});

export type SettingKey = (typeof settingKeys)[number];

/** POST /api/open/setting/list4key: the asked keys only; samplingInfo is an alias of samplingSetting. */
export const settingValues = z.object({
  allowRegion: z.array(z.string()).optional(),
  samplingSetting: samplingSetting.optional(),
  samplingInfo: samplingSetting.optional(),
  localInfo: localInfo.optional(),
});
export type SettingValues = z.infer<typeof settingValues>;
