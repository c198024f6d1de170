import { z } from 'zod';
import { ID_MAX, optionalText, pageQuery, requiredText, phoneField } from './common';
import { deviceSortValues } from './display';

/** Service types (spec header): 1 送样检测, 2 上门预约, 3 数据分析. */
export const ServiceType = { sampleTesting: 1, onSite: 2, dataAnalysis: 3 } as const;
export { serviceTypeLabels } from './display';

// ---- GET /api/open/web/index : the home data, exactly the spec's shape ----

export interface HomeBanner {
  img: string;
  /** an http(s) link opens in a new tab; any other value is a rid for /detail/{rid}; empty: plain */
  redirect: string | null;
  title: string | null;
  description: string | null;
}

export interface TypeChild {
  id: number;
  name: string;
}

/** A group of services (e.g. 结构表征), with its sub-types; `description` splits by | into tags. */
export interface TypeGroup {
  id: number;
  name: string;
  img: string;
  /** the service type (1, 2, 3) the group belongs to */
  typeId: number;
  description: string;
  typeChildArr: TypeChild[];
}

export interface HotArea {
  id: number;
  name: string;
  img: string;
  sketch: string;
  /** the title passed to /project with typeId */
  title: string;
  typeId: number;
}

export interface HotItem {
  rid: string;
  name: string;
  img: string;
  sketch: string;
  /** how many times it was ordered; shown followed by 单 */
  order: number;
}

export interface ServiceCase {
  rid: string;
  title: string;
  img: string;
  sketch: string;
  /** YYYY-MM-DD */
  created: string;
  /** an external link to the original, when there is one */
  source: string | null;
}

export interface ThanksEntry {
  /** author information (unit) */
  company: string;
  /** the service item used */
  title: string;
  /** journal information */
  code: string;
  /** the acknowledgement sentence */
  content: string;
  /** article summary */
  sketch: string;
  /** link to the original article */
  source: string | null;
}

export interface PartnerLogo {
  name: string;
  img: string;
}

export interface HomeData {
  bannerArr: HomeBanner[];
  typeArr: TypeGroup[];
  prefectureNavBottomArr: HotArea[];
  hotItems: HotItem[];
  serviceCaseArr: ServiceCase[];
  thanksArr: ThanksEntry[];
  partnerArr: PartnerLogo[];
}

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

export interface PricedOption {
  id: number;
  /** e.g. 测试模式, 扫描范围 */
  name: string;
  choices: { id: number; label: string; /** added to the unit price, fen */ priceFen: number }[];
}

export interface DeviceSummary {
  rid: string;
  name: string;
  img: string;
  sketch: string;
  model: string | null;
  typeId: number;
  groupId: number;
  groupName: string;
  childId: number | null;
  childName: string | null;
  /** price per unit in fen; the shop shows ¥ from it */
  priceFen: number;
  /** 样品, 小时, 元素 … */
  unit: string;
  order: number;
  turnaround: string;
  reservable: boolean;
}

export interface DeviceDetail extends DeviceSummary {
  /** rich text written by staff, sanitised on the server */
  description: string;
  sampleRequirements: string;
  options: PricedOption[];
  faq: { question: string; answer: string }[];
  /** example results: images with captions */
  examples: { img: string; caption: string }[];
  labLocation: string;
  keywords: string[];
  related: DeviceSummary[];
}

export const deviceDetailQuery = z.object({ rid: requiredText('项目编号', 40) });

// ---- articles: news, courses, ability cases (service), thanks ----

export const articleKinds = ['news', 'course', 'service'] as const;
export type ArticleKind = (typeof articleKinds)[number];
export const listTypes = ['news', 'course', 'service', 'thanks'] as const;
export type ListType = (typeof listTypes)[number];
export const listTypeLabels: Record<ListType, string> = { news: '新闻资讯', course: '课程培训', service: '能力展示案例', thanks: '论文致谢' };

export interface ArticleSummary {
  rid: string;
  kind: ArticleKind;
  title: string;
  img: string;
  sketch: string;
  /** YYYY-MM-DD */
  created: string;
  source: string | null;
  views: number;
}

export interface ArticleDetail extends ArticleSummary {
  /** sanitised rich text */
  content: string;
  author: string | null;
  prev: { rid: string; title: string } | null;
  next: { rid: string; title: string } | null;
}

/** POST /api/open/web/news/list4index: news, course or service (ability case) lists with pages. */
export const articleListBody = pageQuery.extend({
  kind: z.enum(articleKinds, { error: '[类型]不正确' }).default('news'),
});

export const articleDetailBody = z.object({ id: requiredText('文章编号', 40) });

/** POST /api/open/web/acknowledge/list4index */
export const thanksListBody = pageQuery;

/** POST /api/open/ability/index: the capability showcase (/televised). */
export interface AbilityShowcase {
  /** headline figures: instruments, tests run, customers, papers acknowledged */
  figures: { label: string; value: number; unit: string }[];
  sections: { title: string; sketch: string; img: string }[];
  cases: ServiceCase[];
}

/** POST /api/open/ability/sync4num: counts an article view. */
export const syncNumBody = z.object({ id: requiredText('文章编号', 40) });

// ---- content pages: about (profile, culture, recruit) and static pages ----

export const pageKeys = ['profile', 'culture', 'recruit', 'contact', 'guide', 'license', 'policy'] as const;
export type PageKey = (typeof pageKeys)[number];

export interface ContentPage {
  key: PageKey;
  title: string;
  /** sanitised rich text */
  content: string;
  updated: string;
}

export const contentPageQuery = z.object({ key: z.enum(pageKeys, { error: '[页面]不存在' }) });

// ---- settings: POST /api/open/setting and setting/list4key ----

export interface LocalInfo {
  address: string;
  phone: string;
  email: string;
  /** the express receiving address and contact for self-sent samples */
  express: string;
}

export interface SamplingSetting {
  /** YYYY-MM-DD dates with no pickup */
  disabled_date: string[];
  /** 'YYYY-MM-DD HH:mm' date-slot pairs that are closed */
  disabled_date_time: string[];
  /** a slot (HH:mm) closed every day */
  disabled_time: string | null;
  /** weekdays with no pickup, 0 Sunday … 6 Saturday */
  disabled_week: number[];
  /** dates listed as exceptions: open although a rule would close them */
  invalid_disabled_date: string[];
  sampling_time1: string;
  sampling_time2: string;
  sampling_time3: string;
  sampling_time4: string;
  WxTip1: string;
}

export interface SiteSettings {
  /** 6-digit region codes where home pickup is offered */
  allowRegion: string[];
  samplingSetting: SamplingSetting;
  localInfo: LocalInfo;
}

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
export interface SettingValues {
  allowRegion?: string[];
  samplingSetting?: SamplingSetting;
  samplingInfo?: SamplingSetting;
  localInfo?: LocalInfo;
}

/** POST /api/open/ability/sync4num answers the article's new view count. */
export interface SyncNumResult {
  views: number;
}

/** POST /api/open/indexMsg/add answers the consultation's number, for the visitor to quote. */
export interface IndexMessageResult {
  id: number;
}
