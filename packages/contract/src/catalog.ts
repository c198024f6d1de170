import { z } from 'zod';
import { ID_MAX, optionalText, pageQuery, requiredText, phoneField } from './common';
import { deviceSortValues } from './display';

/** Service types (spec header): 1 送样检测, 2 上门预约, 3 数据分析. */
export const ServiceType = { sampleTesting: 1, onSite: 2, dataAnalysis: 3 } as const;
export { serviceTypeLabels } from './display';

// ---- GET /api/open/web/index : the home data, exactly the spec's shape ----

export const homeBanner = z.object({
  img: z.string(),
  /** an http(s) link opens in a new tab; any other value is a rid for /detail/{rid}; empty: plain */
  redirect: z.string().nullable(),
  title: z.string().nullable(),
  description: z.string().nullable(),
});
export type HomeBanner = z.infer<typeof homeBanner>;

export const typeChild = z.object({ id: z.number().int(), name: z.string() });
export type TypeChild = z.infer<typeof typeChild>;

/** A group of services (e.g. 结构表征), with its sub-types; `description` splits by | into tags. */
export const typeGroup = z.object({
  id: z.number().int(),
  name: z.string(),
  img: z.string(),
  /** the service type (1, 2, 3) the group belongs to */
  typeId: z.number().int(),
  description: z.string(),
  typeChildArr: z.array(typeChild),
});
export type TypeGroup = z.infer<typeof typeGroup>;

export const hotArea = z.object({
  id: z.number().int(),
  name: z.string(),
  img: z.string(),
  sketch: z.string(),
  /** the title passed to /project with typeId */
  title: z.string(),
  typeId: z.number().int(),
});
export type HotArea = z.infer<typeof hotArea>;

export const hotItem = z.object({
  rid: z.string(),
  name: z.string(),
  img: z.string(),
  sketch: z.string(),
  /** how many times it was ordered; shown followed by 单 */
  order: z.number().int(),
});
export type HotItem = z.infer<typeof hotItem>;

export const serviceCase = z.object({
  rid: z.string(),
  title: z.string(),
  img: z.string(),
  sketch: z.string(),
  /** YYYY-MM-DD */
  created: z.string(),
  /** an external link to the original, when there is one */
  source: z.string().nullable(),
});
export type ServiceCase = z.infer<typeof serviceCase>;

export const thanksEntry = z.object({
  /** author information (unit) */
  company: z.string(),
  /** the service item used */
  title: z.string(),
  /** journal information */
  code: z.string(),
  /** the acknowledgement sentence */
  content: z.string(),
  /** article summary */
  sketch: z.string(),
  /** link to the original article */
  source: z.string().nullable(),
});
export type ThanksEntry = z.infer<typeof thanksEntry>;

export const partnerLogo = z.object({ name: z.string(), img: z.string() });
export type PartnerLogo = z.infer<typeof partnerLogo>;

export const homeData = z.object({
  bannerArr: z.array(homeBanner),
  typeArr: z.array(typeGroup),
  prefectureNavBottomArr: z.array(hotArea),
  hotItems: z.array(hotItem),
  serviceCaseArr: z.array(serviceCase),
  thanksArr: z.array(thanksEntry),
  partnerArr: z.array(partnerLogo),
});
export type HomeData = z.infer<typeof homeData>;

// ---- GET /api/open/web/type/group ----

export const typeGroupQuery = z.object({
  typeId: z.coerce.number({ error: '[服务类型]必须是数字' }).int().min(1, { error: '[服务类型]不正确' }).max(3, { error: '[服务类型]不正确' }).optional(),
});

// ---- GET /api/open/web/device/search ----

export { deviceSortValues } from './display';

export const deviceSearchQuery = pageQuery.extend({
  keyword: optionalText('关键词', 50),
  typeId: z.coerce.number({ error: '[服务类型]必须是数字' }).int().min(1).max(3, { error: '[服务类型]不正确' }).optional(),
  /** a type group */
  groupId: z.coerce.number({ error: '[分类]必须是数字' }).int().positive({ error: '[分类]不正确' }).max(ID_MAX, { error: '[分类]不正确' }).optional(),
  /** a sub-type inside a group (the home page's tags pass childId) */
  childId: z.coerce.number({ error: '[子分类]必须是数字' }).int().positive({ error: '[子分类]不正确' }).max(ID_MAX, { error: '[子分类]不正确' }).optional(),
  sort: z.enum(deviceSortValues, { error: '[排序]不正确' }).default('default'),
});
export type DeviceSearchQuery = z.infer<typeof deviceSearchQuery>;

export const pricedOption = z.object({
  id: z.number().int(),
  /** e.g. 测试模式, 扫描范围 */
  name: z.string(),
  /** priceFen: added to the unit price, fen */
  choices: z.array(z.object({ id: z.number().int(), label: z.string(), priceFen: z.number().int() })),
});
export type PricedOption = z.infer<typeof pricedOption>;

export const deviceSummary = z.object({
  rid: z.string(),
  name: z.string(),
  img: z.string(),
  sketch: z.string(),
  model: z.string().nullable(),
  typeId: z.number().int(),
  groupId: z.number().int(),
  groupName: z.string(),
  childId: z.number().int().nullable(),
  childName: z.string().nullable(),
  /** price per unit in fen; the shop shows ¥ from it */
  priceFen: z.number().int(),
  /** 样品, 小时, 元素 … */
  unit: z.string(),
  order: z.number().int(),
  turnaround: z.string(),
  reservable: z.boolean(),
});
export type DeviceSummary = z.infer<typeof deviceSummary>;

export const deviceDetail = deviceSummary.extend({
  /** rich text written by staff, sanitised on the server */
  description: z.string(),
  sampleRequirements: z.string(),
  /** the methods the test follows: GB/T, JY/T, ISO, ASTM … one per entry */
  standards: z.array(z.string()),
  /** how to prepare the sample (plain text, paragraphs by line) */
  samplePrep: z.string(),
  /** what the report holds (plain text, one point a line) */
  reportContents: z.string(),
  /** a sample report (PDF) to download, a full address; null when there is none */
  sampleReport: z.string().nullable(),
  options: z.array(pricedOption),
  faq: z.array(z.object({ question: z.string(), answer: z.string() })),
  /** example results: images with captions */
  examples: z.array(z.object({ img: z.string(), caption: z.string() })),
  labLocation: z.string(),
  keywords: z.array(z.string()),
  related: z.array(deviceSummary),
});
export type DeviceDetail = z.infer<typeof deviceDetail>;

export const deviceDetailQuery = z.object({ rid: requiredText('项目编号', 40) });

// ---- articles: news, courses, ability cases (service), thanks ----

export const articleKinds = ['news', 'course', 'service'] as const;
export type ArticleKind = (typeof articleKinds)[number];
export const listTypes = ['news', 'course', 'service', 'thanks'] as const;
export type ListType = (typeof listTypes)[number];
export const listTypeLabels: Record<ListType, string> = { news: '新闻资讯', course: '课程培训', service: '能力展示案例', thanks: '论文致谢' };

export const articleSummary = z.object({
  rid: z.string(),
  kind: z.enum(articleKinds),
  title: z.string(),
  img: z.string(),
  sketch: z.string(),
  /** YYYY-MM-DD */
  created: z.string(),
  source: z.string().nullable(),
  views: z.number().int(),
});
export type ArticleSummary = z.infer<typeof articleSummary>;

const articleLink = z.object({ rid: z.string(), title: z.string() });

export const articleDetail = articleSummary.extend({
  /** sanitised rich text */
  content: z.string(),
  author: z.string().nullable(),
  prev: articleLink.nullable(),
  next: articleLink.nullable(),
});
export type ArticleDetail = z.infer<typeof articleDetail>;

/** POST /api/open/web/news/list4index: news, course or service (ability case) lists with pages. */
export const articleListBody = pageQuery.extend({
  kind: z.enum(articleKinds, { error: '[类型]不正确' }).default('news'),
});

export const articleDetailBody = z.object({ id: requiredText('文章编号', 40) });

/** POST /api/open/web/acknowledge/list4index */
export const thanksListBody = pageQuery;

/** POST /api/open/ability/index: the capability showcase (/televised). */
export const abilityShowcase = z.object({
  /** headline figures: instruments, tests run, customers, papers acknowledged */
  figures: z.array(z.object({ label: z.string(), value: z.number(), unit: z.string() })),
  sections: z.array(z.object({ title: z.string(), sketch: z.string(), img: z.string() })),
  cases: z.array(serviceCase),
});
export type AbilityShowcase = z.infer<typeof abilityShowcase>;

/**
 * The figures the site states (instruments, orders done, customers, years of service), all
 * from one server-side count (siteFigures): texts in the content carry {{instruments}},
 * {{ordersDone}}, {{customers}}, {{years}} or {{founded}} and the server fills them in.
 */
export const siteFigures = z.object({
  /** distinct instrument models among the published service items */
  instruments: z.number().int(),
  /** orders whose progress is completed */
  ordersDone: z.number().int(),
  /** registered members */
  customers: z.number().int(),
  /** years since the founding year (null when no founding year is set) */
  years: z.number().int().nullable(),
  founded: z.number().int().nullable(),
});
export type SiteFigures = z.infer<typeof siteFigures>;

/** A qualification certificate on /license. A demo certificate shows no number (number null). */
export const publicCertificate = z.object({
  id: z.number().int(),
  name: z.string(),
  img: z.string(),
  /** null for a demo certificate: an illustration is never presented as a real accreditation */
  number: z.string().nullable(),
  issuer: z.string(),
  scope: z.string(),
  validFrom: z.string(),
  validTo: z.string(),
  demo: z.boolean(),
});
export type PublicCertificate = z.infer<typeof publicCertificate>;

/** POST /api/open/ability/sync4num: counts an article view. */
export const syncNumBody = z.object({ id: requiredText('文章编号', 40) });

// ---- content pages: about (profile, culture, recruit) and static pages ----

export const pageKeys = ['profile', 'culture', 'recruit', 'contact', 'guide', 'license', 'policy'] as const;
export type PageKey = (typeof pageKeys)[number];

export const contentPage = z.object({
  key: z.enum(pageKeys),
  title: z.string(),
  /** sanitised rich text */
  content: z.string(),
  updated: z.string(),
});
export type ContentPage = z.infer<typeof contentPage>;

export const contentPageQuery = z.object({ key: z.enum(pageKeys, { error: '[页面]不存在' }) });

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
});
export type SiteIdentity = z.infer<typeof siteIdentity>;

/** The digits of a 公安备案号, for beian.gov.cn's recordcode link ('' when there are none). */
export const policeRecordCode = (police: string) => (police.match(/\d{6,}/g) ?? []).join('');

export const siteSettings = z.object({
  /** 6-digit region codes where home pickup is offered */
  allowRegion: z.array(z.string()),
  samplingSetting,
  localInfo,
  identity: siteIdentity,
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

// ---- POST /api/open/indexMsg/add : a visitor's consultation ----

export const indexMessageBody = z.object({
  name: requiredText('姓名', 30),
  phone: phoneField('手机号'),
  content: requiredText('咨询内容', 1000),
  company: optionalText('单位', 100),
});
export type IndexMessageBody = z.infer<typeof indexMessageBody>;

// ---- additions (server side of the catalogue issue); all additive ----

/** The keys of GET /api/open/web/index's data, in order. */
export const homeDataKeys = ['bannerArr', 'typeArr', 'prefectureNavBottomArr', 'hotItems', 'serviceCaseArr', 'thanksArr', 'partnerArr'] as const;

export type SettingKey = (typeof settingKeys)[number];

/** POST /api/open/setting/list4key: the asked keys only; samplingInfo is an alias of samplingSetting. */
export const settingValues = z.object({
  allowRegion: z.array(z.string()).optional(),
  samplingSetting: samplingSetting.optional(),
  samplingInfo: samplingSetting.optional(),
  localInfo: localInfo.optional(),
});
export type SettingValues = z.infer<typeof settingValues>;

/** POST /api/open/ability/sync4num answers the article's new view count. */
export const syncNumResult = z.object({ views: z.number().int() });
export type SyncNumResult = z.infer<typeof syncNumResult>;

/** POST /api/open/indexMsg/add answers the consultation's number, for the visitor to quote. */
export const indexMessageResult = z.object({ id: z.number().int() });
export type IndexMessageResult = z.infer<typeof indexMessageResult>;
