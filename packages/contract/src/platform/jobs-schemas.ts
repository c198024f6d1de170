import { z } from 'zod';
import { parseYuan } from '../funds/schemas';

// ---- background jobs' settings (admin) ----

/** The figures of the background jobs a lab may change. */
export const jobSettingsView = z.object({
  /** an unpaid order that must be prepaid is cancelled this many days after it was placed (the member is told the day before) */
  unpaidCancelDays: z.number().int(),
  /** members' reminders (pickup, coupon, data retention) go out from this hour (lab time) until 21:00, never at night */
  reminderHour: z.number().int(),
  /** a member is reminded of an unused coupon this many days before it expires */
  couponReminderDays: z.number().int(),
  /** the lab keeps an order's raw data this many days after delivery */
  rawDataRetentionDays: z.number().int(),
  /** the member is reminded this many days before the retention ends */
  retentionReminderDays: z.number().int(),
  /** a promise about to fall due also goes to the responsible staff's phones by SMS (the in-site alert always) */
  promiseAlertSms: z.boolean(),
  /** the daily reconciliation of online payments reads yesterday's bills from this hour (lab time) on (WeChat Pay's bill is ready after 10:00, Alipay's after 09:00) */
  reconcileHour: z.number().int(),
  /** a delivered order the member neither confirmed nor disputed completes by itself this many days after delivery (the member is told the day before) */
  autoConfirmDays: z.number().int(),
  /** an instrument booking can be cancelled by the member until this many hours before it starts */
  bookingCancelHours: z.number().int(),
  /** a freed slot is held this many minutes for the first member on its wait list, then offered to the next */
  waitOfferMinutes: z.number().int(),
  /** this many no-shows (爽约) within noShowDays block a member's bookings until staff lift it */
  noShowLimit: z.number().int(),
  noShowDays: z.number().int(),
  /** 数据保管延期: the price of keeping one GB of raw data one more year, in fen (decisions/0053) */
  vaultGbYearFen: z.number().int(),
});
export type JobSettings = z.infer<typeof jobSettingsView>;
export const DEFAULT_JOB_SETTINGS: JobSettings = {
  unpaidCancelDays: 7,
  reminderHour: 9,
  couponReminderDays: 3,
  rawDataRetentionDays: 180,
  retentionReminderDays: 7,
  promiseAlertSms: true,
  reconcileHour: 10,
  autoConfirmDays: 10,
  bookingCancelHours: 24,
  waitOfferMinutes: 60,
  noShowLimit: 3,
  noShowDays: 90,
  vaultGbYearFen: 3000,
};
/** reminders are not sent from this hour (lab time) on */
export const REMINDER_END_HOUR = 21;

const wholeNumber = (label: string, min: number, max: number, unit: string) =>
  z.coerce
    .number({ error: `[${label}]必须是整数` })
    .int({ error: `[${label}]必须是整数` })
    .min(min, { error: `[${label}]不能少于${min}${unit}` })
    .max(max, { error: `[${label}]不能超过${max}${unit}` });

export const jobSettingsBody = z
  .object({
    unpaid_cancel_days: wholeNumber('未付款自动取消天数', 2, 90, '天'),
    reminder_hour: wholeNumber('提醒发送时间', 6, REMINDER_END_HOUR - 1, '点'),
    coupon_reminder_days: wholeNumber('优惠券到期提醒', 1, 30, '天'),
    raw_data_retention_days: wholeNumber('原始数据保存天数', 30, 3650, '天'),
    retention_reminder_days: wholeNumber('数据保存到期提醒', 1, 60, '天'),
    promise_alert_sms: z.preprocess((v) => v === '1' || v === 'true' || v === true, z.boolean()),
    /** absent: unchanged */
    reconcile_hour: z.preprocess((v) => (v === '' || v === null ? undefined : v), wholeNumber('对账时间', 9, 23, '点').optional()),
    /** absent: unchanged */
    auto_confirm_days: z.preprocess((v) => (v === '' || v === null ? undefined : v), wholeNumber('自动确认天数', 3, 60, '天').optional()),
    /** absent: unchanged (the four figures of instrument bookings) */
    booking_cancel_hours: z.preprocess((v) => (v === '' || v === null ? undefined : v), wholeNumber('预约取消截止', 1, 168, '小时').optional()),
    wait_offer_minutes: z.preprocess((v) => (v === '' || v === null ? undefined : v), wholeNumber('候补保留时长', 10, 1440, '分钟').optional()),
    no_show_limit: z.preprocess((v) => (v === '' || v === null ? undefined : v), wholeNumber('爽约次数上限', 1, 20, '次').optional()),
    no_show_days: z.preprocess((v) => (v === '' || v === null ? undefined : v), wholeNumber('爽约统计天数', 7, 365, '天').optional()),
    /** absent: unchanged; yuan ('30', '30.5') that becomes fen, ¥0.01 to ¥10,000 */
    vault_gb_year: z.preprocess(
      (v) => (v === '' || v === null ? undefined : typeof v === 'number' ? String(v) : v),
      z
        .string()
        .transform((value, ctx) => {
          const fen = parseYuan(value, '数据保管单价', { max: 10_000 });
          if (typeof fen === 'string') ctx.addIssue({ code: 'custom', message: fen });
          else if (fen <= 0) ctx.addIssue({ code: 'custom', message: '[数据保管单价]须大于0' });
          return typeof fen === 'number' ? fen : 0;
        })
        .optional(),
    ),
  })
  .refine((body) => body.retention_reminder_days < body.raw_data_retention_days, { path: ['retention_reminder_days'], error: '[数据保存到期提醒]须少于保存天数' });
export type JobSettingsBody = z.infer<typeof jobSettingsBody>;
