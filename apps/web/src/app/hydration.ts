import { matchRoutes, type RouteObject } from 'react-router';
import { SERVER_STATE_ID, type ServerState } from './server-page';

/**
 * What a server-drawn page was drawn from (app/server-page.ts), for the browser to hydrate the
 * same tree; null when the HTML is the bare shell.
 *
 * The server checked the content version when it sent the page (docs/decisions/0007-home-data-cache.md),
 * so the data counts as fetched now, not when the (cached) page was drawn: the page
 * does not ask for it again on mount.
 */
export function readServerState(): ServerState | null {
  const element = document.getElementById(SERVER_STATE_ID);
  if (!element?.textContent) return null;
  const state = JSON.parse(element.textContent) as ServerState;
  for (const query of state.queries.queries) query.state.dataUpdatedAt = Date.now();
  return state;
}

/**
 * Loads the lazy modules of the routes that match `pathname`, in place, so a router created
 * afterwards renders the page at once instead of a fallback: the server-rendered HTML is
 * hydrated with the same tree.
 */
export async function resolveLazyRoutes(routes: RouteObject[], pathname: string) {
  const matches = matchRoutes(routes, pathname) ?? [];
  await Promise.all(
    matches.map(async ({ route }) => {
      if (typeof route.lazy !== 'function') return;
      const loaded = await route.lazy();
      Object.assign(route, loaded, { lazy: undefined });
    }),
  );
}
