import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useApiMutation } from '../../../lib/use-api-mutation';
import { feedback } from '../../../lib/feedback';
import { adminKey } from '../../../lib/admin-api';
import { adminJobs } from '../../../api/admin-jobs';

const key = [...adminKey, 'job-settings'] as const;

/** POST /api/admin/jobs/settings — the figures the background jobs read. */
export const useJobSettings = () => useQuery({ queryKey: key, queryFn: () => adminJobs.settings() });

/** POST /api/admin/jobs/settings/save */
export function useSaveJobSettings() {
  const client = useQueryClient();
  return useApiMutation({
    mutationFn: (body: { unpaid_cancel_days: string }) => adminJobs.saveSettings(body),
    onSuccess: (settings) => {
      client.setQueryData(key, settings);
      feedback.success('设置已保存');
    },
  });
}
