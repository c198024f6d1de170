import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { outboxListBody, pageQuery } from '@lab/contract';
import type { AppDeps } from '../../platform/deps';
import { ok } from '../../platform/envelope';
import { listAnnouncements } from './announcements.service';
import { listOutbox } from './outbox.service';

const admin = { roles: ['admin'] as const, readOnly: true };

/** Messages in the back office (admin): the announcements sent and the SMS and e-mail outbox. */
export async function messagesAdminRoutes(app: FastifyInstance, deps: AppDeps) {
  const { db } = deps;
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.post('/api/admin/messages/announcements', { schema: { body: pageQuery }, config: admin }, async (request) => ok(await listAnnouncements(db, request.body)));
  r.post('/api/admin/messages/outbox', { schema: { body: outboxListBody }, config: admin }, async (request) => ok(await listOutbox(db, request.body)));
}
