import { z } from 'zod';
import { optionalText } from '../common';
import { blankToUndefined, intField, jsonField, requiredDate, rid } from './fields';
import { SAMPLE_COUNT_MAX } from './values';

// ---- the experiment plan (实验计划 / cart): tempDevice ----

export const PLAN_MAX_LINES = 50;
/** the spec: the plan's group with type_id 31 comes first, then ascending */
export const PLAN_FIRST_GROUP_ID = 31;

/** One chosen option of a line: the option and the choice ids of the item's `options`. */
export const chosenOptionView = z.object({
  optionId: z.number().int(),
  choiceId: z.number().int(),
  name: z.string(),
  label: z.string(),
  priceFen: z.number().int(),
});
export type ChosenOption = z.infer<typeof chosenOptionView>;

/** tempDevice/add: an item with its options and sample count (or hours). Same item and options merge. */
export const planAddBody = z.object({
  rid: rid('项目编号'),
  count: intField('样品数量', 1, SAMPLE_COUNT_MAX).default(1),
  /** JSON `{ "<optionId>": <choiceId>, … }` — every option of the item needs a choice */
  options: jsonField('测试选项', z.record(z.string(), z.coerce.number().int()).default({})),
  note: optionalText('备注', 500),
});
export type PlanAddBody = z.infer<typeof planAddBody>;

/** tempDevice/addForReservation: an on-site (type 2) instrument with a wished day and hours; booked when the order is placed. */
export const planAddReservationBody = z.object({
  rid: rid('项目编号'),
  date: requiredDate('预约日期'),
  hours: jsonField('预约时段', z.array(z.coerce.number().int(), { error: '[预约时段]不能为空' }).min(1, { error: '请选择预约时段' }).max(12)),
  options: jsonField('测试选项', z.record(z.string(), z.coerce.number().int()).default({})),
  note: optionalText('备注', 500),
});
export type PlanAddReservationBody = z.infer<typeof planAddReservationBody>;

export const planOperateActions = ['count', 'note', 'remove', 'clear'] as const;
/** tempDevice/operate: change a line's count or note, remove lines, or empty the plan. */
export const planOperateBody = z.object({
  action: z.enum(planOperateActions, { error: '[操作]不正确' }),
  /** the plan line ids (remove: comma separated; count/note: one) */
  ids: z.preprocess((v) => (typeof v === 'string' ? v.split(',').map((s) => s.trim()).filter(Boolean) : v), z.array(z.string().max(40)).max(100).default([])),
  count: z.preprocess(blankToUndefined, intField('样品数量', 1, SAMPLE_COUNT_MAX).optional()),
  note: optionalText('备注', 500),
});
export type PlanOperateBody = z.infer<typeof planOperateBody>;

export const planLineView = z.object({
  /** the line's own id (rid) */
  id: z.string(),
  /** the service item's rid */
  rid: z.string(),
  name: z.string(),
  img: z.string(),
  model: z.string().nullable(),
  typeId: z.number().int(),
  groupId: z.number().int(),
  unit: z.string(),
  count: z.number().int(),
  options: z.array(chosenOptionView),
  /** current catalogue price of one sample/hour with the options */
  unitPriceFen: z.number().int(),
  amountFen: z.number().int(),
  note: z.string(),
  /** for on-site lines: the wished day and hours (e.g. [9, 10]) */
  reservation: z.object({ date: z.string(), hours: z.array(z.number().int()) }).nullable(),
  /** false when the item was withdrawn from the catalogue or an option no longer exists */
  available: z.boolean(),
});
export type PlanLine = z.infer<typeof planLineView>;

export const planGroupView = z.object({
  /** the service group's id (31 结构表征 first) */
  type_id: z.number().int(),
  name: z.string(),
  items: z.array(planLineView),
});
export type PlanGroup = z.infer<typeof planGroupView>;

/** tempDevice/list */
export const planView = z.object({
  dataArr: z.array(planGroupView),
  /** lines in the plan: the header's cartNum */
  count: z.number().int(),
  totalFen: z.number().int(),
});
export type Plan = z.infer<typeof planView>;
