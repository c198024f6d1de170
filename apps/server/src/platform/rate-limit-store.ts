import { sql } from 'drizzle-orm';
import type { FastifyRateLimitOptions, FastifyRateLimitStore } from '@fastify/rate-limit';
import { queryRows, type Db } from '../db/client';

/**
 * A @fastify/rate-limit store kept in the database, so every server instance behind a load
 * balancer counts against the same fixed window. One upsert per request.
 */
export function databaseRateLimitStore(db: Db) {
  return class DatabaseRateLimitStore implements FastifyRateLimitStore {
    constructor(
      _options: FastifyRateLimitOptions,
      private readonly prefix = 'global',
    ) {}

    incr(key: string, callback: (error: Error | null, result?: { current: number; ttl: number }) => void, timeWindow: number) {
      const fullKey = `${this.prefix}|${key}`;
      const windowMs = Math.max(1, Math.trunc(timeWindow));
      queryRows<{ count: number; ttl: number }>(db, sql`
        insert into rate_limits (key, count, reset_at)
        values (${fullKey}, 1, now() + make_interval(secs => ${windowMs / 1000}))
        on conflict (key) do update set
          count = case when rate_limits.reset_at <= now() then 1 else rate_limits.count + 1 end,
          reset_at = case when rate_limits.reset_at <= now() then excluded.reset_at else rate_limits.reset_at end
        returning count, (extract(epoch from (reset_at - now())) * 1000)::int as ttl`)
        .then((rows) => {
          const row = rows[0];
          callback(null, { current: Number(row?.count ?? 1), ttl: Math.max(0, Number(row?.ttl ?? windowMs)) });
        })
        .catch((error: unknown) => callback(error instanceof Error ? error : new Error(String(error))));
    }

    /** One counter per route and client: @fastify/rate-limit passes the route as routeInfo. */
    child(routeOptions: FastifyRateLimitOptions & { routeInfo?: { method?: unknown; url?: string; path?: string } }) {
      const route = routeOptions.routeInfo ?? {};
      return new DatabaseRateLimitStore({}, `${String(route.method ?? '')} ${route.url ?? route.path ?? ''}`);
    }
  };
}
