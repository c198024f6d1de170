import { z } from 'zod';
import { ID_MAX, optionalText, pageQuery, requiredText } from '../common';
import { deviceSortValues } from '../display';

/** Service types (spec header): 1 送样检测, 2 上门预约, 3 数据分析. */
export const ServiceType = { sampleTesting: 1, onSite: 2, dataAnalysis: 3 } as const;
export { serviceTypeLabels } from '../display';

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

export { deviceSortValues } from '../display';

export const deviceSearchQuery = pageQuery.extend({
  /** up to 500 characters are accepted; the search reads the first 100 */
  keyword: optionalText('关键词', 500),
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
  /**
   * priceFen: added to the unit price, fen. slot: the choice is not the member's to make but
   * follows the booked day (orders/values.ts slotChoices): 'weekday' on Monday–Friday,
   * 'weekend' (the surcharge) on Saturday and Sunday; absent on an ordinary choice.
   */
  choices: z.array(z.object({ id: z.number().int(), label: z.string(), priceFen: z.number().int(), slot: z.enum(['weekday', 'weekend']).optional() })),
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

// ---- additions (server side of the catalogue issue); all additive ----

/** The keys of GET /api/open/web/index's data, in order. */
export const homeDataKeys = ['bannerArr', 'typeArr', 'prefectureNavBottomArr', 'hotItems', 'serviceCaseArr', 'thanksArr', 'partnerArr'] as const;
