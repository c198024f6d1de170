import type { FastifyContextConfig, FastifyInstance } from 'fastify';
import type { AppDeps } from './deps';
import { isDocsRoute } from './openapi';

/** One registered route as the access and audit tests read it. */
export interface RouteEntry {
  method: string;
  url: string;
  config: FastifyContextConfig;
  hasBody: boolean;
  /** the route's zod schemas, so the access-control suite can see which fields name an object */
  schema: { params?: unknown; querystring?: unknown; body?: unknown };
}

declare module 'fastify' {
  interface FastifyInstance {
    /** every API route with its config, in registration order */
    routeTable: RouteEntry[];
    /** what the modules were given (the jobs' handlers get the same) */
    deps: AppDeps;
  }
}

/** Keeps `app.routeTable`: every API route registered from here on, with its config and schemas. */
export function recordRouteTable(app: FastifyInstance) {
  const routeTable: RouteEntry[] = [];
  app.decorate('routeTable', routeTable);
  app.addHook('onRoute', (route) => {
    // the docs' own pages (Swagger UI) are not API calls: no envelope, nothing to fuzz or guard
    // nor the API's guarded not-found answers (app.ts: /api/auth/*, /api/admin/*)
    if (!route.url.startsWith('/api/') || isDocsRoute(route.url) || route.url.endsWith('/*')) return;
    for (const method of [route.method].flat()) {
      if (method === 'HEAD' && [route.method].flat().length === 1 && routeTable.some((r) => r.method === 'GET' && r.url === route.url)) continue;
      routeTable.push({ method, url: route.url, config: (route.config ?? {}) as FastifyContextConfig, hasBody: Boolean(route.schema?.body), schema: { params: route.schema?.params, querystring: route.schema?.querystring, body: route.schema?.body } });
    }
  });
}
