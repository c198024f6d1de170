import { z } from 'zod';
import { emptyMessage, optionalText, requiredText } from '../common';
import { isCalendarDate } from '../dates';
import { blankToUndefined, toList } from './admin-fields';
import { imageField, isClockTime } from './admin-schemas';
import { yuanField } from '../funds/schemas';
import type { AgreementRule, LocalInfo, SamplingSetting } from './setting-schemas';

// ---- 站点设置 ----

/** allowRegion: where home pickup is offered; a province or city code covers everything below it. */
export const allowRegionBody = z.object({
  allowRegion: z.preprocess(
    toList,
    z
      .array(z.string().regex(/^\d{6}$/, { error: '[开放地区]应为6位地区编码' }), { error: (issue) => (issue.input === undefined ? emptyMessage('开放地区') : '[开放地区]不正确') })
      .max(500, { error: '[开放地区]最多500项' }),
  ),
});
export type AllowRegionBody = z.infer<typeof allowRegionBody>;

const dateList = (label: string) =>
  z.preprocess(
    (v) => (v === undefined || v === null ? [] : toList(v)),
    z
      .array(z.string().refine(isCalendarDate, { error: `[${label}]格式应为YYYY-MM-DD` }), { error: `[${label}]不正确` })
      .max(400, { error: `[${label}]最多400项` })
      .transform((dates) => [...new Set(dates)].sort()),
  );

const slotField = (label: string, required: boolean) =>
  z.preprocess(
    (v) => (v === null ? '' : v),
    z
      .string({ error: emptyMessage(label) })
      .trim()
      .refine((value) => (value === '' ? !required : isClockTime(value)), { error: (issue) => (issue.input === '' ? emptyMessage(label) : `[${label}]格式应为HH:mm`) }),
  );

/**
 * The home-pickup calendar: dates and weekdays without pickup (exceptions reopen a date), up
 * to four time slots (HH:mm, earliest first), a slot closed every day, closed date-slot pairs
 * ('YYYY-MM-DD HH:mm') and the tip shown in the pickup dialog.
 */
export const samplingSettingBody = z
  .object({
    disabled_date: dateList('停止取样日期'),
    invalid_disabled_date: dateList('例外开放日期'),
    disabled_week: z.preprocess(
      (v) => (v === undefined || v === null ? [] : toList(v)),
      z
        .array(z.coerce.number({ error: '[停止取样的星期]不正确' }).int({ error: '[停止取样的星期]不正确' }).min(0, { error: '[停止取样的星期]不正确' }).max(6, { error: '[停止取样的星期]不正确' }), {
          error: '[停止取样的星期]不正确',
        })
        .transform((days) => [...new Set(days)].sort((a, b) => a - b))
        .refine((days) => days.length < 7, { error: '[停止取样的星期]不能包含全部七天；如需暂停上门取样，请清空开放地区' }),
    ),
    sampling_time1: slotField('取样时段一', true),
    sampling_time2: slotField('取样时段二', false),
    sampling_time3: slotField('取样时段三', false),
    sampling_time4: slotField('取样时段四', false),
    disabled_time: z.preprocess(blankToUndefined, z.string().trim().refine(isClockTime, { error: '[每日停用时段]格式应为HH:mm' }).optional()),
    disabled_date_time: z.preprocess(
      (v) => (v === undefined || v === null ? [] : Array.isArray(v) ? v : typeof v === 'string' ? v.split(/[,，\n]+/).map((s) => s.trim()).filter(Boolean) : v),
      z
        .array(
          z
            .string()
            .trim()
            .refine((value) => {
              const [date = '', time = '', ...rest] = value.split(/\s+/);
              return rest.length === 0 && isCalendarDate(date) && isClockTime(time);
            }, { error: '[停用的日期时段]格式应为“YYYY-MM-DD HH:mm”' }),
          { error: '[停用的日期时段]不正确' },
        )
        .max(400, { error: '[停用的日期时段]最多400项' })
        .transform((pairs) => [...new Set(pairs.map((pair) => pair.split(/\s+/).join(' ')))].sort()),
    ),
    WxTip1: optionalText('取样提示', 300),
  })
  .superRefine((value, ctx) => {
    const slots = [value.sampling_time1, value.sampling_time2, value.sampling_time3, value.sampling_time4].filter(Boolean);
    for (let i = 1; i < slots.length; i++) {
      if (slots[i]! <= slots[i - 1]!) {
        ctx.addIssue({ code: 'custom', path: ['sampling_time1'], message: '[取样时段]应按时间先后填写且不能重复' });
        return;
      }
    }
    if (value.disabled_time && !slots.includes(value.disabled_time)) {
      ctx.addIssue({ code: 'custom', path: ['disabled_time'], message: '[每日停用时段]应为已设置的取样时段之一' });
      return;
    }
    const strayPair = value.disabled_date_time.find((pair) => !slots.includes(pair.split(' ')[1] ?? ''));
    if (strayPair) ctx.addIssue({ code: 'custom', path: ['disabled_date_time'], message: `[停用的日期时段]${strayPair}不是已设置的取样时段` });
  })
  .transform(
    (value): SamplingSetting => ({
      disabled_date: value.disabled_date,
      disabled_date_time: value.disabled_date_time,
      disabled_time: value.disabled_time ?? null,
      disabled_week: value.disabled_week,
      invalid_disabled_date: value.invalid_disabled_date,
      sampling_time1: value.sampling_time1,
      sampling_time2: value.sampling_time2,
      sampling_time3: value.sampling_time3,
      sampling_time4: value.sampling_time4,
      WxTip1: value.WxTip1 ?? '',
    }),
  );
export type SamplingSettingBody = z.input<typeof samplingSettingBody>;

/** The lab's contact data: footer, contact page, self-send address in the pickup dialog. */
export const localInfoBody = z
  .object({
    address: requiredText('联系地址', 200),
    phone: requiredText('联系电话', 40).regex(/^[\d\s()+\-－—转,，/]{5,40}$/, { error: '[联系电话]格式不正确' }),
    email: optionalText('联系邮箱', 100).refine((value) => value === undefined || /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(value), { error: '[联系邮箱]格式不正确' }),
    express: requiredText('寄样地址', 300),
  })
  .transform((value): LocalInfo => ({ address: value.address, phone: value.phone, email: value.email ?? '', express: value.express }));
export type LocalInfoBody = z.input<typeof localInfoBody>;

// ---- 备案与主体信息 (site settings: the footer's filings) ----

/**
 * ICP 备案号, 公安机关备案号, the operating company, its business licence (an uploaded picture)
 * and the founding year. Every part may be left blank; the footer shows only what is set.
 */
export const siteIdentityBody = z
  .object({
    icp: optionalText('ICP备案号', 50).refine((v) => v === undefined || /ICP[备证]\d{6,}号?(-\d+)?/.test(v), { error: '[ICP备案号]格式应如 沪ICP备12345678号-1' }),
    police: optionalText('公安机关备案号', 60).refine((v) => v === undefined || /公网安备\s*\d{10,}号?/.test(v), { error: '[公安机关备案号]格式应如 沪公网安备 31010402000123号' }),
    company: optionalText('运营主体', 100),
    licenceImg: z.preprocess(blankToUndefined, imageField('营业执照').optional()),
    qrOfficial: z.preprocess(blankToUndefined, imageField('公众号二维码').optional()),
    qrConsult: z.preprocess(blankToUndefined, imageField('业务咨询二维码').optional()),
    qrMiniapp: z.preprocess(blankToUndefined, imageField('小程序二维码').optional()),
    founded: z.preprocess(
      blankToUndefined,
      z.coerce.number({ error: '[成立年份]必须是数字' }).int({ error: '[成立年份]必须是整数' }).min(1900, { error: '[成立年份]不正确' }).max(2100, { error: '[成立年份]不正确' }).optional(),
    ),
  })
  .transform((value) => ({
    icp: value.icp ?? '',
    police: value.police ?? '',
    company: value.company ?? '',
    licenceImg: value.licenceImg ?? '',
    founded: value.founded ?? null,
    qrOfficial: value.qrOfficial ?? '',
    qrConsult: value.qrConsult ?? '',
    qrMiniapp: value.qrMiniapp ?? '',
  }));
export type SiteIdentityBody = z.input<typeof siteIdentityBody>;
/** As saved: the licence as its stored path ('' when none). */
export type StoredSiteIdentity = z.output<typeof siteIdentityBody>;

/** The back office's view: the stored picture path and the address to show it. */
export const adminSiteIdentity = z.object({
  icp: z.string(),
  police: z.string(),
  company: z.string(),
  licenceImg: z.string(),
  licenceImgUrl: z.string(),
  founded: z.number().int().nullable(),
  qrOfficial: z.string(),
  qrConsult: z.string(),
  qrMiniapp: z.string(),
});
export type AdminSiteIdentity = z.infer<typeof adminSiteIdentity>;

// ---- 委托协议签署要求 ----

/** from: the amount due (yuan) from which an order needs a signed agreement before testing; blank: enterprise customers only. */
export const agreementRuleBody = z
  .object({ from: z.preprocess(blankToUndefined, yuanField('签署协议金额起点', { max: 100_000_000 }).optional()) })
  .transform((value): AgreementRule => ({ fromFen: value.from ?? null }));
export type AgreementRuleBody = z.input<typeof agreementRuleBody>;
