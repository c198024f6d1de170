import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useApiMutation } from '../../../lib/use-api-mutation';
import { feedback } from '../../../lib/feedback';
import { adminKey } from '../../../lib/admin-api';
import { adminJobs } from './admin-jobs';

const key = [...adminKey, 'job-settings'] as const;

/** the form's fields as sent (the contract's schema reads them) */
export type JobSettingsForm = Record<'unpaid_cancel_days' | 'reminder_hour' | 'coupon_reminder_days' | 'raw_data_retention_days' | 'retention_reminder_days' | 'promise_alert_sms' | 'reconcile_hour' | 'auto_confirm_days' | 'booking_cancel_hours' | 'wait_offer_minutes' | 'no_show_limit' | 'no_show_days' | 'vault_gb_year', string>;

/** POST /api/admin/jobs/settings — the figures the background jobs read. */
export const useJobSettings = () => useQuery({ queryKey: key, queryFn: () => adminJobs.settings() });

/** POST /api/admin/jobs/settings/save */
export function useSaveJobSettings() {
  const client = useQueryClient();
  return useApiMutation({
    mutationFn: (body: JobSettingsForm) => adminJobs.saveSettings(body),
    onSuccess: (settings) => {
      client.setQueryData(key, settings);
      feedback.success('设置已保存');
    },
  });
}
