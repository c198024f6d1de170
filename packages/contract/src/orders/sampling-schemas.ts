import { z } from 'zod';
import { emptyMessage, optionalText, pageQuery, phonePattern, requiredText } from '../common';
import { isCalendarDate } from '../dates';
import { blank, conditionalText, insertIssue, regionName } from '../member/fields';
import { requiredDay } from './fields';

export const samplingStatuses = ['pending', 'collected', 'cancelled'] as const;

export const sampling = z.object({
  rid: z.string(),
  type: z.union([z.literal(0), z.literal(1)]),
  /** YYYY-MM-DD */
  date: z.string(),
  /** HH:mm */
  time: z.string(),
  name: z.string(),
  phone: z.string(),
  province: z.string(),
  city: z.string(),
  area: z.string(),
  address: z.string(),
  address_code: z.string(),
  sendAddress: z.string(),
  message: z.string(),
  status: z.enum(samplingStatuses),
  statusText: z.string(),
  createdAt: z.string(),
  collectedAt: z.string().nullable(),
  cancelledAt: z.string().nullable(),
});

/** the staff view adds who booked it */
export const adminSampling = sampling.extend({
  member: z.object({ rid: z.string(), phone: z.string(), name: z.string().nullable(), company: z.string().nullable() }),
  collectedBy: z.string().nullable(),
});

// ---- home pickups (POST /api/admin/sampling/list | days | collect) ----

/** A pickup as the desk sees it: who booked it and for which order. */
export const adminPickup = adminSampling.extend({ orderNo: z.string().nullable() });
export type AdminPickup = z.infer<typeof adminPickup>;

export const PICKUP_CALENDAR_MAX_DAYS = 62;
export const adminPickupDaysBody = z.object({ from: requiredDay('开始日期'), to: requiredDay('结束日期') });
export const pickupDayView = z.object({ date: z.string(), pending: z.number().int(), collected: z.number().int() });
export type PickupDay = z.infer<typeof pickupDayView>;
export const pickupCalendarView = z.object({
  days: z.array(pickupDayView),
  /** pickups of earlier days never marked collected */
  overdue: z.object({ count: z.number().int(), first: z.string().nullable() }),
});
export type PickupCalendar = z.infer<typeof pickupCalendarView>;

// ---- home pickup (上门取样) ----

/** type: 0 send the samples yourself (to localInfo's address, nothing to book), 1 home pickup */
export const SamplingType = { selfSend: 0, pickup: 1 } as const;
export type SamplingStatus = (typeof samplingStatuses)[number];
export const samplingStatusLabels: Record<SamplingStatus, string> = { pending: '待取样', collected: '已取样', cancelled: '已取消' };
export const SELF_SEND_MESSAGE = '自行寄样无需预约，请按页面所示地址寄送样品';
export const PICKUP_REGION_CLOSED_MESSAGE = '现有地址所在城市暂未开通上门取样服务';

const samplingOrder = ['type', 'date', 'time', 'address_rid', 'name', 'phone', 'address_code', 'province', 'city', 'area', 'address', 'sendAddress', 'message'] as const;

/**
 * POST /api/auth/sampling/add — book a home pickup (type 1) on a date and slot the rules in
 * sampling.ts allow, at an existing address (address_rid) or a new one (name, phone,
 * address_code as 取样地址, address as 详细地址). type 0 needs no booking.
 */
export const samplingAddBody = z
  .object({
    type: z.preprocess(
      (value) => (blank(value) ? undefined : String(value)),
      z.enum(['0', '1'], { error: emptyMessage('取样方式') }).transform((value) => Number(value) as 0 | 1),
    ),
    date: conditionalText(10).refine((v) => v === undefined || isCalendarDate(v), { error: '[取样日期]格式不正确' }),
    time: conditionalText(5).refine((v) => v === undefined || /^\d{2}:\d{2}$/.test(v), { error: '[取样时间]格式不正确' }),
    address_rid: optionalText('地址编号', 40),
    name: conditionalText(30),
    phone: conditionalText(11).refine((v) => v === undefined || phonePattern.test(v), { error: '[手机]格式不正确' }),
    address_code: conditionalText(6).refine((v) => v === undefined || /^\d{6}$/.test(v), { error: '[取样地址]不正确' }),
    province: regionName('省份'),
    city: regionName('城市'),
    area: regionName('区县'),
    address: conditionalText(200),
    /** the full address as the dialog shows it; composed by the server when left out */
    sendAddress: optionalText('寄件地址', 300),
    message: optionalText('备注', 500),
  })
  .superRefine(
    (_value, ctx) => {
      const raw = ctx.value as Record<string, unknown>;
      // type 0 (self-send) books nothing: the server answers SELF_SEND_MESSAGE
      if (String(raw.type) === '0') return;
      const required: [string, string][] = [
        ['date', '取样日期'],
        ['time', '取样时间'],
      ];
      if (blank(raw.address_rid)) required.push(['name', '姓名'], ['phone', '手机'], ['address_code', '取样地址'], ['address', '详细地址']);
      for (const [key, label] of required) {
        if (blank(raw[key])) insertIssue(ctx.issues, { code: 'custom', message: emptyMessage(label), path: [key], input: raw[key] }, samplingOrder);
      }
    },
    { when: () => true },
  );
export type SamplingAddBody = z.infer<typeof samplingAddBody>;

/** POST /api/auth/sampling/list */
export const samplingListBody = pageQuery.extend({
  status: z.enum(samplingStatuses, { error: '[状态]不正确' }).optional(),
});
export type SamplingListBody = z.infer<typeof samplingListBody>;

/** POST /api/auth/sampling/cancel, /api/admin/sampling/collect */
export const samplingRidBody = z.object({ rid: requiredText('预约编号', 40) });

/** POST /api/admin/sampling/list: the pickups of one day (Asia/Shanghai date). */
export const adminSamplingListBody = z.object({
  date: requiredText('取样日期', 10).regex(/^\d{4}-\d{2}-\d{2}$/, { error: '[取样日期]格式不正确' }).refine(isCalendarDate, { error: '[取样日期]格式不正确' }),
  status: z.enum(samplingStatuses, { error: '[状态]不正确' }).optional(),
});
export type Sampling = z.infer<typeof sampling>;
export type AdminSampling = z.infer<typeof adminSampling>;

// ---- samples back (样品回收): sample4recycle ----

export const recycleStatuses = ['pending', 'sent', 'cancelled'] as const;
export type RecycleStatus = (typeof recycleStatuses)[number];
export const recycleStatusLabels: Record<RecycleStatus, string> = { pending: '待寄回', sent: '已寄回', cancelled: '已取消' };

const recycleOrder = ['order_no', 'samples', 'address_rid', 'name', 'phone', 'address_code', 'province', 'city', 'area', 'address', 'message'] as const;

/**
 * POST /api/auth/sample4recycle/add — ask for the samples back, to an existing address
 * (address_rid) or a new one. order_no links an order once orders exist.
 */
export const recycleAddBody = z
  .object({
    order_no: optionalText('订单编号', 40),
    samples: requiredText('样品说明', 500),
    address_rid: optionalText('地址编号', 40),
    name: conditionalText(30),
    phone: conditionalText(11).refine((v) => v === undefined || phonePattern.test(v), { error: '[手机]格式不正确' }),
    address_code: conditionalText(6).refine((v) => v === undefined || /^\d{6}$/.test(v), { error: '[收件地址]不正确' }),
    province: regionName('省份'),
    city: regionName('城市'),
    area: regionName('区县'),
    address: conditionalText(200),
    message: optionalText('备注', 500),
  })
  .superRefine(
    (_value, ctx) => {
      const raw = ctx.value as Record<string, unknown>;
      if (!blank(raw.address_rid)) return;
      for (const [key, label] of [
        ['name', '姓名'],
        ['phone', '手机'],
        ['address_code', '收件地址'],
        ['address', '详细地址'],
      ] as const) {
        if (blank(raw[key])) insertIssue(ctx.issues, { code: 'custom', message: emptyMessage(label), path: [key], input: raw[key] }, recycleOrder);
      }
    },
    { when: () => true },
  );
export type RecycleAddBody = z.infer<typeof recycleAddBody>;

/** POST /api/auth/sample4recycle/list4person */
export const recycleListBody = pageQuery;

export const recycleRequest = z.object({
  rid: z.string(),
  order_no: z.string().nullable(),
  samples: z.string(),
  name: z.string(),
  phone: z.string(),
  province: z.string(),
  city: z.string(),
  area: z.string(),
  address: z.string(),
  address_code: z.string(),
  message: z.string(),
  status: z.enum(recycleStatuses),
  statusText: z.string(),
  trackingNo: z.string().nullable(),
  createdAt: z.string(),
});
export type RecycleRequest = z.infer<typeof recycleRequest>;
