import { z } from 'zod';
import { emptyMessage, optionalText, requiredText } from '../common';
import { blankToUndefined, intField, requiredDate } from './fields';

/**
 * 排队看板: each instrument (a catalogue test item) has a queue of samples in 排队中, a daily
 * capacity and a working calendar (Sundays closed, holidays and maintenance days added by the
 * admin). Staff reorder the queue with a reason; every change is audited.
 */
export const QUEUE_CAPACITY_DEFAULT = 8;
export const QUEUE_DEFAULT_MIN_DAYS = 3;
export const QUEUE_DEFAULT_MAX_DAYS = 5;
/** the estimates read the service times of the last 60 days, and trust them from 10 samples on */
export const ESTIMATE_HISTORY_DAYS = 60;
export const ESTIMATE_MIN_HISTORY = 10;
export const closedDayKinds = ['holiday', 'maintenance'] as const;
export type ClosedDayKind = (typeof closedDayKinds)[number];
export const closedDayKindLabels: Record<ClosedDayKind, string> = { holiday: '节假日', maintenance: '维护保养' };

export const queueBoardBody = z.object({ item_rid: z.preprocess(blankToUndefined, z.string().max(40).optional()) });

export const queueReorderBody = z.object({
  code: requiredText('样品编号', 40),
  direction: z.enum(['up', 'down'], { error: '[调整方向]不正确' }),
  reason: z
    .string({ error: '请填写调整原因' })
    .trim()
    .min(1, { error: '请填写调整原因' })
    .max(200, { error: '[调整原因]不能超过200个字符' }),
});
export type QueueReorderBody = z.infer<typeof queueReorderBody>;

/**
 * 产能与默认周期 (admin): samples a working day serves, and the service time (上机 → 出数据, in
 * working days) the estimates use while fewer than ESTIMATE_MIN_HISTORY samples were done in the
 * last ESTIMATE_HISTORY_DAYS days.
 */
export const queueCapacityBody = z
  .object({
    item_rid: requiredText('仪器', 40),
    capacity_per_day: intField('每日可测样品数', 1, 500),
    default_min_days: intField('默认最短周期', 1, 60).default(QUEUE_DEFAULT_MIN_DAYS),
    default_max_days: intField('默认最长周期', 1, 60).default(QUEUE_DEFAULT_MAX_DAYS),
  })
  .refine((v) => v.default_max_days >= v.default_min_days, { path: ['default_max_days'], error: '[默认最长周期]不能小于最短周期' });

/** A closed day: for one instrument, or (item_rid blank) for every instrument, e.g. 国庆节. */
export const queueCloseDayBody = z.object({
  item_rid: z.preprocess(blankToUndefined, z.string().max(40).optional()),
  day: requiredDate('日期'),
  kind: z.enum(closedDayKinds, { error: (issue) => (issue.input === undefined || issue.input === '' ? emptyMessage('类型') : '[类型]不正确') }),
  note: optionalText('说明', 100),
});
export const queueOpenDayBody = z.object({ id: intField('编号', 1, 2_147_483_647) });

export const queuedSampleView = z.object({
  position: z.number().int(),
  code: z.string(),
  name: z.string(),
  orderNo: z.string(),
  memberName: z.string(),
  queuedAt: z.string().nullable(),
});

export const closedDayView = z.object({
  id: z.number().int(),
  day: z.string(),
  kind: z.enum(closedDayKinds),
  note: z.string(),
  /** true: every instrument is closed that day */
  all: z.boolean(),
});
export type ClosedDay = z.infer<typeof closedDayView>;

export const queueInstrumentView = z.object({
  rid: z.string(),
  name: z.string(),
  queued: z.number().int(),
  capacityPerDay: z.number().int(),
  defaultMinDays: z.number().int(),
  defaultMaxDays: z.number().int(),
});

export const queueBoardView = z.object({
  /** instruments with samples queued or with settings kept, most queued first */
  instruments: z.array(queueInstrumentView),
  /** the chosen instrument (the first when none is asked) with its queue in order and its closed days from today */
  current: queueInstrumentView.extend({ samples: z.array(queuedSampleView), closedDays: z.array(closedDayView) }).nullable(),
});
export type QueueBoard = z.infer<typeof queueBoardView>;

/**
 * A queued sample's honest estimate: the samples ahead of it on its instrument (a count, nothing
 * about whose), and the working days until its data (queue ahead over the daily capacity, plus
 * the instrument's median and 80th-percentile service time, or the staff's default while history
 * is thin), with the days they fall on by the instrument's calendar.
 */
export const sampleEstimateView = z.object({
  ahead: z.number().int(),
  minDays: z.number().int(),
  maxDays: z.number().int(),
  fromDay: z.string(),
  toDay: z.string(),
  /** history: the last 60 days' service times; default: the lab's default while fewer than 10 were done */
  basis: z.enum(['history', 'default']),
  computedAt: z.string(),
});
export type SampleEstimate = z.infer<typeof sampleEstimateView>;

/**
 * The working days an item's stated 测试周期 gives ("3–5 个工作日" → 3 to 5, "7 个工作日" → 7 to 7),
 * or null when the text states no working days ("以客服确认为准", "按预约时段").
 */
export function statedWorkingDays(turnaround: string): { min: number; max: number } | null {
  const match = /(\d+)\s*(?:[–—\-~～至到]\s*(\d+))?\s*个?\s*工作日/.exec(turnaround);
  if (!match) return null;
  const min = Number(match[1]);
  const max = Number(match[2] ?? match[1]);
  return max > 0 ? { min, max } : null;
}

/** The most working days the 测试周期 promises: what the order form and the staff's slip alert compare the estimate with. */
export const promisedWorkingDays = (turnaround: string): number | null => statedWorkingDays(turnaround)?.max ?? null;

export const ITEM_WAITS_MAX = 20;

export const itemWaitsQuery = z.object({
  /** item rids, separated by commas (at most 20) */
  items: z
    .string({ error: '[项目]不能为空' })
    .trim()
    .transform((text) => [...new Set(text.split(',').map((rid) => rid.trim()).filter(Boolean))])
    .pipe(z.array(z.string().max(64)).min(1, '[项目]不能为空').max(ITEM_WAITS_MAX, `一次最多查询 ${ITEM_WAITS_MAX} 个项目`)),
});

/**
 * The current wait of an item's instrument, as a sample sent today would see it: the samples
 * queued on it (a count), the estimate in working days and dates, and whether its upper end
 * passes the item's stated 测试周期 (`promisedDays`; null when the text states none).
 */
export const itemWaitView = sampleEstimateView.extend({
  itemRid: z.string(),
  promisedDays: z.number().int().nullable(),
  beyondPromise: z.boolean(),
});
export type ItemWait = z.infer<typeof itemWaitView>;
