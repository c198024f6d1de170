import { calls } from '@lab/contract/calls';
import { audit, auditEntity } from '../../platform/audit';
import { serve } from '../../platform/calls';
import { inviteeOrders, inviteOverview, listInvitees } from './invites.service';
import { adminGrowthSettings, growthSettingsRecord, saveAdminGrowthSettings } from './partner-terms.service';

/** The growth settings are one record: its key is always 'growth' (with the partner terms' version they are published as). */
const growthSettingsAudit = auditEntity<string>('growthSettings', (db) => growthSettingsRecord(db));

/** 邀请好友 (web/invite): the calls of contract growth/invite-calls.ts. */
export const invitesRoutes = serve(calls.invites, {
  overview: ({ db, memberId, now }) => inviteOverview(db, memberId, now),
  list: ({ db, memberId, body }) => listInvitees(db, memberId, body),
  orders: ({ db, memberId, body }) => inviteeOrders(db, memberId, body),
});

/** The growth settings for the admin: contract growth/admin-calls.ts. */
export const growthSettingsRoutes = serve(calls.adminGrowth, {
  settings: { handler: ({ db, now }) => adminGrowthSettings(db, now), config: { readOnly: true } },
  saveSettings: {
    handler: ({ db, staff, body, now }) => saveAdminGrowthSettings(db, staff.id, body, now),
    config: { audit: audit(growthSettingsAudit, 'growth.settings.update', '修改推广与积分设置', () => 'growth') },
  },
});
