import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../platform/deps';
import { ok } from '../../platform/envelope';
import { getDashboard } from './dashboard.service';

/** The back office's first screen: today's work and the service promises at risk (every role). */
export async function dashboardRoutes(app: FastifyInstance, deps: AppDeps) {
  const { db, clock } = deps;
  app.post('/api/admin/dashboard', { config: { roles: 'any', readOnly: true } }, async () => ok(await getDashboard(db, clock.now())));
}
