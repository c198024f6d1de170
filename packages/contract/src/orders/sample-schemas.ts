import { z } from 'zod';
import { emptyMessage, optionalText } from '../common';
import { blankToUndefined, flagField } from './fields';
import { sampleEstimateView } from './queue-schemas';

/**
 * Each sample's own state (PRODUCT.md "Samples, queues and estimates"): 待收样 → 已收样 → 排队中 →
 * 上机中 → 数据处理 → 已出数据, then 退样 (back to the customer) or 留样 (kept by the lab). A sample
 * that cannot be tested may be returned from 已收样 or 排队中. The order's progress follows from
 * its samples (server: areas/orders/desk/samples.service.ts).
 */
export const sampleStates = ['awaiting', 'received', 'queued', 'running', 'processing', 'data_out', 'returned', 'retained'] as const;
export type SampleState = (typeof sampleStates)[number];

export const sampleStateLabels: Record<SampleState, string> = {
  awaiting: '待收样',
  received: '已收样',
  queued: '排队中',
  running: '上机中',
  processing: '数据处理',
  data_out: '已出数据',
  returned: '退样',
  retained: '留样',
};

/** The moves a scan or a click may make; the first is the one a bare scan makes. */
export const sampleMoves: Record<SampleState, readonly SampleState[]> = {
  awaiting: ['received'],
  received: ['queued', 'returned'],
  queued: ['running', 'returned'],
  running: ['processing'],
  processing: ['data_out'],
  data_out: ['returned', 'retained'],
  returned: [],
  retained: [],
};

/** The chain a sample walks while it is tested: where each state stands (退样 / 留样 end it). */
export const sampleChain: readonly SampleState[] = ['awaiting', 'received', 'queued', 'running', 'processing', 'data_out'];

/** A sample's state as the member and the desk see it. */
export const sampleStateView = z.object({
  state: z.enum(sampleStates),
  stateText: z.string(),
  /** when it entered this state; null while nothing happened to it yet */
  stateAt: z.string().nullable(),
  /** while 排队中: the samples ahead and the working days until its data; otherwise null */
  estimate: sampleEstimateView.nullable(),
});
export type SampleStateView = z.infer<typeof sampleStateView>;

/**
 * samples/move (desk): a scanned or typed sample code; `to` the state it moves to (blank: the
 * next one on its way, which a scan means); `confirm` 1 also confirms an order still 待确认
 * (确认并收样).
 */
export const adminSampleMoveBody = z.object({
  code: z
    .string({ error: emptyMessage('样品编号') })
    .trim()
    .min(1, { error: emptyMessage('样品编号') })
    .max(40, { error: '[样品编号]不能超过40个字符' }),
  to: z.preprocess(blankToUndefined, z.enum(sampleStates, { error: '[目标状态]不正确' }).optional()),
  note: optionalText('备注', 200),
  confirm: flagField.default(false),
});
export type AdminSampleMoveBody = z.infer<typeof adminSampleMoveBody>;

/** One move of a sample, for the desk's history of the order's samples. */
export const sampleEventView = z.object({
  code: z.string(),
  from: z.enum(sampleStates).nullable(),
  to: z.enum(sampleStates),
  note: z.string(),
  actorName: z.string(),
  at: z.string(),
});
export type SampleEvent = z.infer<typeof sampleEventView>;
