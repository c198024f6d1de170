import { z } from 'zod';
import { isCalendarDate } from '../dates';

// ---- 运营分析 (issue 37): a read-only view over orders, samples, bookings, the ledger and online payments ----

/** The longest range one 运营分析 request may cover. */
export const ANALYTICS_MAX_YEARS = 3;
export const ANALYTICS_RANGE_TOO_LONG = `日期范围不能超过${ANALYTICS_MAX_YEARS}年，请缩小范围`;

/** Customer types (orders.organization when the order was placed; none counts as 个人). */
export const ANALYTICS_CUSTOMER_TYPES = ['0', '3', '1', '2'] as const;
export type AnalyticsCustomerType = (typeof ANALYTICS_CUSTOMER_TYPES)[number];
export const analyticsCustomerTypeLabels: Record<AnalyticsCustomerType, string> = { '0': '学生', '3': '老师', '1': '个人', '2': '企业' };

/** Where an order's money came from: WeChat Pay, Alipay, or prepaid funds (预存款: bank transfer top-ups, online top-ups, the community's funds). */
export const ANALYTICS_CHANNELS = ['wechat', 'alipay', 'funds'] as const;
export type AnalyticsChannel = (typeof ANALYTICS_CHANNELS)[number];
export const analyticsChannelLabels: Record<AnalyticsChannel, string> = { wechat: '微信支付', alipay: '支付宝', funds: '预存款' };

/** The tiles; each exports its rows as xlsx. */
export const ANALYTICS_TILES = ['turnaround', 'promises', 'utilisation', 'samples', 'backlog', 'revenue', 'customers'] as const;
export type AnalyticsTile = (typeof ANALYTICS_TILES)[number];
export const analyticsTileLabels: Record<AnalyticsTile, string> = {
  turnaround: '检测周期（收样→出数据）',
  promises: '服务承诺达成率',
  utilisation: '仪器利用率',
  samples: '各仪器每周样品数',
  backlog: '当前积压',
  revenue: '收入（按渠道与客户类型）',
  customers: '新客户与回头客',
};

const optionalId = (label: string) =>
  z.preprocess(
    (value) => (value === '' || value === null ? undefined : value),
    z.coerce.number({ error: `[${label}]不正确` }).int({ error: `[${label}]不正确` }).positive({ error: `[${label}]不正确` }).max(2_147_483_647, { error: `[${label}]不正确` }).optional(),
  );
const day = (label: string) =>
  z
    .string({ error: `[${label}]不能为空` })
    .trim()
    .min(1, { error: `[${label}]不能为空` })
    .regex(/^\d{4}-\d{2}-\d{2}$/, { error: `[${label}]格式应为YYYY-MM-DD` })
    .refine(isCalendarDate, { error: `[${label}]不是有效日期` });

const filterFields = z.object({
  from: day('开始日期'),
  to: day('结束日期'),
  itemId: optionalId('仪器'),
  groupId: optionalId('服务分组'),
  customerType: z.preprocess((value) => (value === '' || value === null ? undefined : value), z.enum(ANALYTICS_CUSTOMER_TYPES, { error: '[客户类型]不正确' }).optional()),
});
const rangeRule = (value: { from: string; to: string }, ctx: z.RefinementCtx) => {
  if (value.from > value.to) ctx.addIssue({ code: 'custom', message: '开始日期不能晚于结束日期', path: ['to'] });
  else if (value.to >= `${Number(value.from.slice(0, 4)) + ANALYTICS_MAX_YEARS}${value.from.slice(4)}`) ctx.addIssue({ code: 'custom', message: ANALYTICS_RANGE_TOO_LONG, path: ['to'] });
};

/** The filters every tile shares: a range of Shanghai days (both included, less than 3 years), an instrument, a service group, a customer type. */
export const analyticsFilters = filterFields.superRefine(rangeRule);
export type AnalyticsFilters = z.infer<typeof analyticsFilters>;

export const analyticsExportQuery = filterFields.extend({ tile: z.enum(ANALYTICS_TILES, { error: '[报表]不正确' }) }).superRefine(rangeRule);
export type AnalyticsExportQuery = z.infer<typeof analyticsExportQuery>;

const hours = z.number().nullable();
const int = z.number().int();

export const turnaroundRow = z.object({ n: int, medianHours: hours, p90Hours: hours });
export const analyticsView = z.object({
  from: z.string(),
  to: z.string(),
  /** the filter's choices: instruments (catalogue items) and service groups */
  instruments: z.array(z.object({ id: int, name: z.string(), reservable: z.boolean() })),
  groups: z.array(z.object({ id: int, name: z.string() })),
  /** received → delivered, in hours, of the orders delivered in the range: per week (Monday, Shanghai) and per item */
  turnaround: z.object({
    weeks: z.array(turnaroundRow.extend({ week: z.string() })),
    items: z.array(turnaroundRow.extend({ itemId: int, name: z.string() })),
  }),
  /** each promise started in the range: kept in time, kept late, missed (not kept and due); pending ones are not counted */
  promises: z.array(z.object({ kind: z.string(), label: z.string(), kept: int, late: int, missed: int, rate: z.number().nullable() })),
  /** per bookable instrument: open hours (working days × opening hours), booked and used hours of the range */
  utilisation: z.array(z.object({ itemId: int, name: z.string(), openHours: int, bookedHours: int, usedHours: int, bookedRate: z.number().nullable(), usedRate: z.number().nullable() })),
  /** samples received per instrument and week */
  samples: z.array(z.object({ week: z.string(), itemId: int, name: z.string(), samples: int })),
  /** open orders now, by progress (not limited by the range) */
  backlog: z.array(z.object({ progress: z.string(), label: z.string(), orders: int, samples: int })),
  /** order money paid and refunded in the range, by channel and customer type */
  revenue: z.array(z.object({ channel: z.enum(ANALYTICS_CHANNELS), customerType: z.enum(ANALYTICS_CUSTOMER_TYPES), paidFen: int, refundedFen: int, netFen: int })),
  /** customers ordering per month: first order ever in that month (new) or ordered before (returning) */
  customers: z.array(z.object({ month: z.string(), newCustomers: int, returning: int })),
});
export type AnalyticsView = z.infer<typeof analyticsView>;

// ---- 大仪考核: the yearly figures per instrument ----

export const instrumentYearQuery = z.object({
  year: z.coerce.number({ error: '[年度]不正确' }).int({ error: '[年度]不正确' }).min(2000, { error: '[年度]不正确' }).max(2100, { error: '[年度]不正确' }),
});
export type InstrumentYearQuery = z.infer<typeof instrumentYearQuery>;

/**
 * One instrument's year. 有效机时: hours of used bookings plus the hours its samples spent 上机中
 * (from the sample events); 服务样品数: samples received; income: order money paid less refunds.
 * 校内 are university customers (学生, 老师), 校外 everyone else; 对外服务收入 is the 校外 income.
 */
export const instrumentYearRow = z.object({
  itemId: int,
  name: z.string(),
  model: z.string(),
  group: z.string(),
  hours: z.number(),
  hoursInside: z.number(),
  hoursOutside: z.number(),
  samples: int,
  samplesInside: int,
  samplesOutside: int,
  incomeFen: int,
  incomeInsideFen: int,
  incomeOutsideFen: int,
  orders: int,
});
export type InstrumentYearRow = z.infer<typeof instrumentYearRow>;

/** The column heads of the 大型仪器设备使用情况考核表 xlsx, in order. */
export const INSTRUMENT_YEAR_HEADS = [
  '序号',
  '仪器名称',
  '型号规格',
  '所属类别',
  '年度',
  '有效机时（小时）',
  '其中校内机时',
  '其中校外机时',
  '服务样品数',
  '其中校内样品数',
  '其中校外样品数',
  '服务收入（元）',
  '其中校内收入（元）',
  '对外服务收入（元）',
  '服务订单数',
] as const;
