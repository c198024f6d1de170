import { z } from 'zod';
import { adminTableQuery } from './admin';
import { articleKinds, pageKeys, type ArticleKind, type LocalInfo, type PageKey, type SamplingSetting } from './catalog';
import { ID_MAX, emptyMessage, isCalendarDate, optionalText, requiredText } from './common';

/**
 * The site's content in the back office (admin only): banners, hot areas, articles (news,
 * courses, cases), thanks entries, the about and static pages, partner logos and the site
 * settings the public pages read. Pictures are stored as the path the upload answered
 * (`/upload/img/…`); rich text is cleaned again by the server on every save.
 */

// ---- fields shared by the content forms ----

const blankToUndefined = (v: unknown) => (v === '' || v === null ? undefined : v);

/** A list sent as a JSON array, as repeated form fields, or as one comma-separated string. */
const toList = (v: unknown): unknown => {
  if (v === undefined || v === null) return v;
  if (Array.isArray(v)) return v.map((item) => (typeof item === 'string' ? item.trim() : item)).filter((item) => item !== '');
  if (typeof v === 'number') return [String(v)];
  if (typeof v !== 'string') return v;
  const text = v.trim();
  if (text.startsWith('[')) {
    try {
      return toList(JSON.parse(text) as unknown);
    } catch {
      return v;
    }
  }
  return text.split(/[,，\s]+/).map((item) => item.trim()).filter(Boolean);
};

const isHttpUrl = (value: string) => {
  if (!/^https?:\/\//i.test(value)) return false;
  try {
    return Boolean(new URL(value).hostname);
  } catch {
    return false;
  }
};


/** 'HH:mm', 00:00–23:59. */
export const isClockTime = (value: string) => /^([01]\d|2[0-3]):[0-5]\d$/.test(value);

const contentId = (label: string) =>
  z.coerce.number({ error: emptyMessage(label) }).int({ error: `[${label}]不正确` }).positive({ error: `[${label}]不正确` }).max(ID_MAX, { error: `[${label}]不正确` });

const contentRid = (label: string) => requiredText(label, 40);

/** A stored picture: the path an upload answered (/upload/img/…) or a full http(s) address. */
export const imageField = (label: string) =>
  requiredText(label, 500).refine((value) => (/^\/upload\/img\/[\w\-./]+$/.test(value) && !value.includes('..')) || isHttpUrl(value), {
    error: `[${label}]不正确，请重新上传`,
  });

/** An optional http(s) address: the original of an article, a thanks entry's paper. */
const optionalUrl = (label: string) =>
  optionalText(label, 500).refine((value) => value === undefined || isHttpUrl(value), { error: `[${label}]应以 http:// 或 https:// 开头` });

/** A yes/no switch sent as 1/0, true/false or a JSON boolean; absent is `fallback`. */
const flagField = (label: string, fallback?: boolean) =>
  z.preprocess(
    (v) => (v === undefined || v === '' || v === null ? fallback : typeof v === 'boolean' ? v : String(v)),
    z.union([z.boolean(), z.enum(['1', '0', 'true', 'false']).transform((value) => value === '1' || value === 'true')], {
      error: (issue) => (issue.input === undefined ? emptyMessage(label) : `[${label}]不正确`),
    }),
  );

/** The position in a list; smaller shows first. Left out, the item goes to the end. */
const sortField = z.preprocess(
  blankToUndefined,
  z.coerce.number({ error: '[排序]必须是数字' }).int({ error: '[排序]必须是整数' }).min(0, { error: '[排序]不能小于0' }).max(9999, { error: '[排序]不能超过9999' }).optional(),
);

/** A day of the lab's calendar, YYYY-MM-DD. */
const dateField = (label: string) =>
  z.string({ error: emptyMessage(label) }).trim().refine(isCalendarDate, { error: `[${label}]格式应为YYYY-MM-DD` });

const optionalDate = (label: string) => z.preprocess(blankToUndefined, dateField(label).optional());

/** The new order of a whole list: every id once, first shown first. */
export const reorderBody = z.object({
  ids: z.preprocess(
    (v) => {
      const list = toList(v);
      return Array.isArray(list) ? list.map((item) => Number(item)) : list;
    },
    z
      .array(z.number().int().positive().max(ID_MAX), { error: (issue) => (issue.input === undefined ? emptyMessage('顺序') : '[顺序]不正确') })
      .min(1, { error: emptyMessage('顺序') })
      .max(200, { error: '[顺序]一次最多200项' })
      .refine((ids) => new Set(ids).size === ids.length, { error: '[顺序]不能有重复项' }),
  ),
});
export type ReorderBody = z.infer<typeof reorderBody>;

export const contentIdBody = z.object({ id: contentId('编号') });
export type ContentIdBody = z.infer<typeof contentIdBody>;

export const contentVisibleBody = z.object({ id: contentId('编号'), visible: flagField('显示') });
export type ContentVisibleBody = z.infer<typeof contentVisibleBody>;

// ---- 轮播图 banners ----

/**
 * Where a banner leads, as the home page reads it: an http(s) address opens in a new tab, any
 * other value is a service item's rid (/detail/{rid}), empty is a plain picture.
 */
export const bannerLinkKind = (redirect: string | null | undefined): 'external' | 'item' | 'none' => {
  const value = redirect?.trim();
  if (!value) return 'none';
  return /^https?:\/\//i.test(value) ? 'external' : 'item';
};

const bannerFields = {
  img: imageField('图片'),
  redirect: optionalText('链接', 500).refine(
    (value) => value === undefined || (bannerLinkKind(value) === 'external' ? isHttpUrl(value) : /^[A-Za-z0-9_-]{1,40}$/.test(value)),
    { error: '[链接]应为 http(s) 网址或服务项目编号' },
  ),
  title: optionalText('标题', 60),
  description: optionalText('描述', 200),
  sort: sortField,
  visible: flagField('显示', true),
};

export const bannerAddBody = z.object(bannerFields);
export type BannerAddBody = z.infer<typeof bannerAddBody>;
export const bannerEditBody = z.object({ id: contentId('轮播图'), ...bannerFields });
export type BannerEditBody = z.infer<typeof bannerEditBody>;

export const adminBanner = z.object({
  id: z.number().int(),
  /** the stored path, sent back when saving */
  img: z.string(),
  /** the picture's address for previews */
  imgUrl: z.string(),
  redirect: z.string().nullable(),
  /** the service item a non-http link names, when it exists */
  redirectItem: z.object({ rid: z.string(), name: z.string() }).nullable(),
  title: z.string().nullable(),
  description: z.string().nullable(),
  sort: z.number().int(),
  visible: z.boolean(),
});
export type AdminBanner = z.infer<typeof adminBanner>;

// ---- 热门专区 hot areas ----

const hotAreaFields = {
  name: requiredText('名称', 30),
  img: imageField('图片'),
  sketch: optionalText('简介', 200),
  title: requiredText('跳转分类', 30),
  typeId: z.coerce
    .number({ error: emptyMessage('服务类型') })
    .int({ error: '[服务类型]不正确' })
    .min(1, { error: '[服务类型]不正确' })
    .max(3, { error: '[服务类型]不正确' }),
  sort: sortField,
  visible: flagField('显示', true),
};

export const hotAreaAddBody = z.object(hotAreaFields);
export type HotAreaAddBody = z.infer<typeof hotAreaAddBody>;
export const hotAreaEditBody = z.object({ id: contentId('热门专区'), ...hotAreaFields });
export type HotAreaEditBody = z.infer<typeof hotAreaEditBody>;

export const adminHotArea = z.object({
  id: z.number().int(),
  name: z.string(),
  img: z.string(),
  imgUrl: z.string(),
  sketch: z.string(),
  /** the group name /project/{typeId}/{title} opens */
  title: z.string(),
  typeId: z.number().int(),
  sort: z.number().int(),
  visible: z.boolean(),
});
export type AdminHotArea = z.infer<typeof adminHotArea>;

// ---- 文章 news, courses, cases ----

export const articleKindLabels: Record<ArticleKind, string> = { news: '新闻资讯', course: '课程培训', service: '能力展示案例' };

const visibleFilter = z.preprocess(blankToUndefined, z.enum(['1', '0'], { error: '[显示状态]不正确' }).optional());

export const adminArticleListBody = adminTableQuery(['publishedAt', 'views']).extend({
  kind: z.preprocess(blankToUndefined, z.enum(articleKinds, { error: '[类型]不正确' }).optional()),
  keyword: optionalText('关键词', 50),
  visible: visibleFilter,
});
export type AdminArticleListBody = z.infer<typeof adminArticleListBody>;

export const ARTICLE_CONTENT_MAX = 200_000;

const articleFields = {
  kind: z.enum(articleKinds, { error: (issue) => (issue.input === undefined || issue.input === '' ? emptyMessage('类型') : '[类型]不正确') }),
  title: requiredText('标题', 100),
  img: imageField('封面图'),
  sketch: optionalText('摘要', 300),
  content: requiredText('正文', ARTICLE_CONTENT_MAX),
  author: optionalText('作者', 50),
  source: optionalUrl('原文链接'),
  /** YYYY-MM-DD; left out: now */
  published: optionalDate('发布日期'),
  visible: flagField('显示', true),
};

export const articleAddBody = z.object(articleFields);
export type ArticleAddBody = z.infer<typeof articleAddBody>;
export const articleEditBody = z.object({ rid: contentRid('文章'), ...articleFields });
export type ArticleEditBody = z.infer<typeof articleEditBody>;

export const articleRidBody = z.object({ rid: contentRid('文章') });
export const articleVisibleBody = z.object({ rid: contentRid('文章'), visible: flagField('显示') });
export type ArticleVisibleBody = z.infer<typeof articleVisibleBody>;

export const adminArticle = z.object({
  rid: z.string(),
  kind: z.enum(articleKinds),
  title: z.string(),
  img: z.string(),
  imgUrl: z.string(),
  sketch: z.string(),
  author: z.string().nullable(),
  source: z.string().nullable(),
  views: z.number().int(),
  visible: z.boolean(),
  /** the instant, ISO */
  publishedAt: z.string(),
  /** YYYY-MM-DD in Shanghai */
  published: z.string(),
});
export type AdminArticle = z.infer<typeof adminArticle>;

export const adminArticleDetail = adminArticle.extend({
  /** the cleaned rich text as stored */
  content: z.string(),
});
export type AdminArticleDetail = z.infer<typeof adminArticleDetail>;

// ---- 论文致谢 thanks entries ----

export const adminThanksListBody = adminTableQuery(['publishedAt']).extend({
  keyword: optionalText('关键词', 50),
  visible: visibleFilter,
});
export type AdminThanksListBody = z.infer<typeof adminThanksListBody>;

const thanksFields = {
  company: requiredText('作者单位', 100),
  title: requiredText('服务项目', 100),
  code: requiredText('期刊信息', 200),
  content: requiredText('致谢内容', 1000),
  sketch: optionalText('文章摘要', 1000),
  source: optionalUrl('原文链接'),
  published: optionalDate('发表日期'),
  visible: flagField('显示', true),
};

export const thanksAddBody = z.object(thanksFields);
export type ThanksAddBody = z.infer<typeof thanksAddBody>;
export const thanksEditBody = z.object({ id: contentId('致谢'), ...thanksFields });
export type ThanksEditBody = z.infer<typeof thanksEditBody>;

export const adminThanks = z.object({
  id: z.number().int(),
  company: z.string(),
  title: z.string(),
  code: z.string(),
  content: z.string(),
  sketch: z.string(),
  source: z.string().nullable(),
  visible: z.boolean(),
  publishedAt: z.string(),
  published: z.string(),
});
export type AdminThanks = z.infer<typeof adminThanks>;

// ---- 关于与静态页 ----

/** The seven pages by the names the site's menus give them. */
export const contentPageLabels: Record<PageKey, string> = {
  profile: '公司简介',
  culture: '企业文化',
  recruit: '人才招聘',
  contact: '联系我们',
  guide: '服务指南',
  license: '资质证书',
  policy: '隐私政策',
};

/** Where each page shows on the site. */
export const pagePaths: Record<PageKey, string> = {
  profile: '/about/profile',
  culture: '/about/culture',
  recruit: '/about/recruit',
  contact: '/contact',
  guide: '/guide',
  license: '/license',
  policy: '/policy',
};

export const pageKeyBody = z.object({
  key: z.enum(pageKeys, { error: (issue) => (issue.input === undefined || issue.input === '' ? emptyMessage('页面') : '[页面]不存在') }),
});

export const pageSaveBody = pageKeyBody.extend({
  title: requiredText('标题', 60),
  content: requiredText('正文', ARTICLE_CONTENT_MAX),
});
export type PageSaveBody = z.infer<typeof pageSaveBody>;

export const adminPageSummary = z.object({
  key: z.enum(pageKeys),
  title: z.string(),
  /** instant of the last save, ISO; null when never written */
  updatedAt: z.string().nullable(),
  /** characters of text without tags, to spot an empty page */
  textLength: z.number().int(),
});
export type AdminPageSummary = z.infer<typeof adminPageSummary>;

export const adminContentPage = z.object({
  key: z.enum(pageKeys),
  title: z.string(),
  content: z.string(),
  updatedAt: z.string().nullable(),
});
export type AdminContentPage = z.infer<typeof adminContentPage>;

// ---- 合作机构 partner logos ----

const partnerFields = {
  name: requiredText('机构名称', 60),
  img: imageField('标志'),
  sort: sortField,
  visible: flagField('显示', true),
};

export const partnerAddBody = z.object(partnerFields);
export type PartnerAddBody = z.infer<typeof partnerAddBody>;
export const partnerEditBody = z.object({ id: contentId('合作机构'), ...partnerFields });
export type PartnerEditBody = z.infer<typeof partnerEditBody>;

export const adminPartner = z.object({
  id: z.number().int(),
  name: z.string(),
  img: z.string(),
  imgUrl: z.string(),
  sort: z.number().int(),
  visible: z.boolean(),
});
export type AdminPartner = z.infer<typeof adminPartner>;

/** What deleting a banner, hot area, thanks entry or partner logo answers. */
export const contentIdView = z.object({ id: z.number().int() });
/** What deleting an article answers. */
export const articleRidView = z.object({ rid: z.string() });

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
});
export type AdminSiteIdentity = z.infer<typeof adminSiteIdentity>;

// ---- 资质证书 certificates (/license) ----

const certificateFields = {
  name: requiredText('证书名称', 60),
  img: imageField('证书图片'),
  number: requiredText('证书编号', 60),
  issuer: requiredText('发证机构', 60),
  scope: optionalText('认可范围', 500),
  validFrom: dateField('有效期起'),
  validTo: dateField('有效期至'),
  sort: sortField,
  /** an illustrative certificate (演示数据): the public site never shows its number */
  demo: flagField('演示数据', false),
};
const validSpan = (value: { validFrom: string; validTo: string }) => value.validFrom <= value.validTo;
const spanIssue = { error: '[有效期至]不能早于有效期起', path: ['validTo'] };

export const certificateAddBody = z.object(certificateFields).refine(validSpan, spanIssue);
export type CertificateAddBody = z.infer<typeof certificateAddBody>;
export const certificateEditBody = z.object({ id: contentId('证书'), ...certificateFields }).refine(validSpan, spanIssue);
export type CertificateEditBody = z.infer<typeof certificateEditBody>;

export const adminCertificate = z.object({
  id: z.number().int(),
  name: z.string(),
  img: z.string(),
  imgUrl: z.string(),
  number: z.string(),
  issuer: z.string(),
  scope: z.string(),
  validFrom: z.string(),
  validTo: z.string(),
  sort: z.number().int(),
  demo: z.boolean(),
  /** past its validTo (lab calendar): hidden on the public page */
  expired: z.boolean(),
});
export type AdminCertificate = z.infer<typeof adminCertificate>;
