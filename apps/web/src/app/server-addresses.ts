import type { RouteObject } from 'react-router';
import type { WebAddress } from '@lab/contract/web-render';

/**
 * Every address the app has a page for, as the server's router writes a route (fastify's syntax:
 * `:name` one segment, a final `*` the rest), so the server answers each with its page or the
 * shell and keeps its not-found answer (404) for the addresses no route knows
 * (docs/decisions/0038-pages-as-routes.md).
 *
 * Walked from the router's own table: a route's path joined to its parents', an index route at
 * its parent's, an optional segment (`:typeId?`) both without and with it; the catch-all `*`
 * is the not-found page, not an address. The back office's screens join the router on first use
 * (patchRoutesOnNavigation), so everything under it is one address, `${backOffice}*`.
 * `pages`: the route ids the server draws, with the query parameters each reads.
 */
export function serverAddresses(routes: RouteObject[], backOffice: string, pages: Record<string, { query: readonly string[] }>): WebAddress[] {
  // by shape: '/project/:typeId' and '/project/:title' (both optional segments, one left out) are one route to the server
  const found = new Map<string, WebAddress>();
  const add = (path: string, id: string | undefined) => {
    const page = id === undefined ? undefined : pages[id];
    const shape = path.replace(/:\w+/g, ':');
    const known = found.get(shape);
    // a layout and its index route share an address: the one the server draws wins
    if (!known || (page && !known.page)) found.set(shape, { path: known?.path ?? path, page: page ? { query: page.query } : (known?.page ?? null) });
  };
  const walk = (list: RouteObject[], parent: string) => {
    for (const route of list) {
      if (route.path === '*') continue;
      const own = route.index ? parent : route.path === undefined ? null : join(parent, route.path);
      if (own !== null) for (const path of expandOptional(own)) add(path, route.id);
      if (route.children) walk(route.children, own ?? parent);
    }
  };
  walk(routes, '');
  add(`${backOffice}*`, undefined);
  return [...found.values()];
}

const join = (parent: string, path: string) => (path.startsWith('/') ? path : `${parent.replace(/\/$/, '')}/${path}`);

/** '/project/:typeId?/:title?' → '/project', '/project/:typeId', '/project/:typeId/:title' (React Router's optional segments). */
function expandOptional(path: string): string[] {
  const segments = path.split('/').filter(Boolean);
  let paths = [''];
  for (const segment of segments) {
    const plain = segment.replace(/\?$/, '');
    const withIt = paths.map((p) => `${p}/${plain}`);
    paths = segment.endsWith('?') ? [...paths, ...withIt] : withIt;
  }
  return [...new Set(paths.map((p) => p || '/'))];
}
