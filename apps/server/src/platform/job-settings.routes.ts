import { calls } from '@lab/contract/calls';
import { audit } from './audit';
import { serve } from './calls';
import { getJobSettings, jobSettingsAudit, saveJobSettings } from './job-settings';

/** 任务设置 (admin): the figures the background jobs read (src/jobs.ts). */
export const jobsAdminRoutes = serve(calls.adminJobs, {
  settings: { handler: ({ db }) => getJobSettings(db), config: { readOnly: true } },
  saveSettings: {
    handler: ({ db, staff, body, now }) => saveJobSettings(db, staff.id, body, now),
    config: { audit: audit(jobSettingsAudit, 'jobs.settings', '修改后台任务设置', () => 1) },
  },
});
