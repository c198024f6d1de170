import { desc, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppDeps } from './deps';
import { ok } from './envelope';
import { outbox } from './platform.tables';

/**
 * Browser tests need the code a phone "received". Only registered when E2E_OUTBOX=1, which
 * the Playwright config sets for its own throwaway server; loadConfig refuses it with
 * NODE_ENV=production or outside demo mode (it hands SMS login codes to anyone).
 */
export async function testOutboxRoutes(app: FastifyInstance, { db }: AppDeps) {
  app.withTypeProvider<ZodTypeProvider>().get(
    '/api/test/outbox',
    { schema: { querystring: z.object({ phone: z.string().min(1) }) } },
    async (request) =>
      ok(
        await db
          .select({ recipient: outbox.recipient, body: outbox.body, params: outbox.params, createdAt: outbox.createdAt })
          .from(outbox)
          .where(eq(outbox.recipient, request.query.phone))
          .orderBy(desc(outbox.id))
          .limit(10),
      ),
  );
}
