import { z } from 'zod';
import { emptyMessage, optionalText, requiredText } from '../common';
import { blankToUndefined, intField, requiredDate } from './fields';

/**
 * 排队看板: each instrument (a catalogue test item) has a queue of samples in 排队中, a daily
 * capacity and a working calendar (Sundays closed, holidays and maintenance days added by the
 * admin). Staff reorder the queue with a reason; every change is audited.
 */
export const QUEUE_CAPACITY_DEFAULT = 8;
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

export const queueCapacityBody = z.object({ item_rid: requiredText('仪器', 40), capacity_per_day: intField('每日可测样品数', 1, 500) });

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

export const queueInstrumentView = z.object({ rid: z.string(), name: z.string(), queued: z.number().int(), capacityPerDay: z.number().int() });

export const queueBoardView = z.object({
  /** instruments with samples queued or with settings kept, most queued first */
  instruments: z.array(queueInstrumentView),
  /** the chosen instrument (the first when none is asked) with its queue in order and its closed days from today */
  current: queueInstrumentView.extend({ samples: z.array(queuedSampleView), closedDays: z.array(closedDayView) }).nullable(),
});
export type QueueBoard = z.infer<typeof queueBoardView>;
