import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { adminGrowthSettingsBody, inviteListBody, inviteOrderDetailBody } from '@lab/contract';
import type { AppDeps } from '../../platform/deps';
import { ok } from '../../platform/envelope';
import { requireMemberId } from '../10-accounts/auth-guard';
import { inviteeOrders, inviteOverview, listInvitees } from './invites.service';
import { getGrowthSettings, updateGrowthSettings } from './settings.service';
import { audit, auditEntity } from '../../platform/audit';

/** The growth settings are one record: its key is always 'growth'. */
const growthSettingsAudit = auditEntity<string>('growthSettings', (db) => getGrowthSettings(db));

/** Invites (web/invite) for members; the growth settings for the admin. */
export async function invitesRoutes(app: FastifyInstance, deps: AppDeps) {
  const { db, clock } = deps;
  const r = app.withTypeProvider<ZodTypeProvider>();
  const admin = { roles: ['admin'] as const };

  r.post('/api/auth/web/invite/init', async (request) => ok(await inviteOverview(db, requireMemberId(request), clock.now())));
  r.post('/api/auth/web/invite/list', { schema: { body: inviteListBody } }, async (request) => ok(await listInvitees(db, requireMemberId(request), request.body)));
  r.post('/api/auth/web/invite/orderDetail', { schema: { body: inviteOrderDetailBody } }, async (request) =>
    ok(await inviteeOrders(db, requireMemberId(request), request.body)),
  );

  r.post('/api/admin/growth/settings', { config: { ...admin, readOnly: true } }, async () => ok(await getGrowthSettings(db)));
  const updateConfig = { ...admin, audit: audit(growthSettingsAudit, 'growth.settings.update', '修改推广与积分设置', () => 'growth') };
  r.post('/api/admin/growth/settings/update', { schema: { body: adminGrowthSettingsBody }, config: updateConfig }, async (request) =>
    ok(await updateGrowthSettings(request.db, request.body, clock.now()), '设置已保存'),
  );
}
