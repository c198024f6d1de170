import { eq } from 'drizzle-orm';
import { DEFAULT_JOB_SETTINGS, type JobSettings, type JobSettingsBody } from '@lab/contract';
import type { DbOrTx } from '../db/client';
import { auditEntity } from './audit';
import { jobSettings } from './job-settings.tables';

/**
 * 任务设置: the figures the background jobs read (src/jobs.ts) — the unpaid orders' cancel, the
 * members' reminders, the promise alerts' SMS, the reconciliation's hour. One row (id 1); the
 * contract's defaults apply without it. Staff change them through job-settings.routes.ts.
 */

const SETTINGS_ID = 1;

export async function getJobSettings(db: DbOrTx): Promise<JobSettings> {
  const [row] = await db.select().from(jobSettings).where(eq(jobSettings.id, SETTINGS_ID)).limit(1);
  if (!row) return { ...DEFAULT_JOB_SETTINGS };
  const { unpaidCancelDays, reminderHour, couponReminderDays, rawDataRetentionDays, retentionReminderDays, promiseAlertSms, reconcileHour, autoConfirmDays, bookingCancelHours, waitOfferMinutes, noShowLimit, noShowDays, vaultGbYearFen } = row;
  return { unpaidCancelDays, reminderHour, couponReminderDays, rawDataRetentionDays, retentionReminderDays, promiseAlertSms, reconcileHour, autoConfirmDays, bookingCancelHours, waitOfferMinutes, noShowLimit, noShowDays, vaultGbYearFen };
}

export async function saveJobSettings(db: DbOrTx, staffId: number, input: JobSettingsBody, now: Date): Promise<JobSettings> {
  const values = {
    unpaidCancelDays: input.unpaid_cancel_days,
    reminderHour: input.reminder_hour,
    couponReminderDays: input.coupon_reminder_days,
    rawDataRetentionDays: input.raw_data_retention_days,
    retentionReminderDays: input.retention_reminder_days,
    promiseAlertSms: input.promise_alert_sms,
    ...(input.reconcile_hour === undefined ? {} : { reconcileHour: input.reconcile_hour }),
    ...(input.auto_confirm_days === undefined ? {} : { autoConfirmDays: input.auto_confirm_days }),
    ...(input.booking_cancel_hours === undefined ? {} : { bookingCancelHours: input.booking_cancel_hours }),
    ...(input.wait_offer_minutes === undefined ? {} : { waitOfferMinutes: input.wait_offer_minutes }),
    ...(input.no_show_limit === undefined ? {} : { noShowLimit: input.no_show_limit }),
    ...(input.no_show_days === undefined ? {} : { noShowDays: input.no_show_days }),
    ...(input.vault_gb_year === undefined ? {} : { vaultGbYearFen: input.vault_gb_year }),
    updatedAt: now,
    updatedBy: staffId,
  };
  await db.insert(jobSettings).values({ id: SETTINGS_ID, ...values }).onConflictDoUpdate({ target: jobSettings.id, set: values });
  return getJobSettings(db);
}

export const jobSettingsAudit = auditEntity<number>('job_settings', (db) => getJobSettings(db));
