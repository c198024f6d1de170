import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { adminGrowthSettingsBody, inviteListBody, inviteOrderDetailBody } from '@lab/contract';
import type { AppDeps } from '../../app';
import { ok } from '../../platform/envelope';
import { requireMemberId } from '../../platform/auth-guard';
import { inviteeOrders, inviteOverview, listInvitees } from './invites.service';
import { getGrowthSettings, updateGrowthSettings } from './settings.service';

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

  r.post('/api/admin/growth/settings', { config: admin }, async () => ok(await getGrowthSettings(db)));
  r.post('/api/admin/growth/settings/update', { schema: { body: adminGrowthSettingsBody }, config: admin }, async (request) =>
    ok(await updateGrowthSettings(db, request.body, clock.now()), '设置已保存'),
  );
}
