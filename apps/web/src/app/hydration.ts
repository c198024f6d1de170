import { hydrate, type DehydratedState, type QueryClient } from '@tanstack/react-query';
import { matchRoutes, type RouteObject } from 'react-router';
import { SERVER_STATE_ID } from './server-page';

/**
 * The data a server-rendered page was drawn from, put into the browser's query cache, so the
 * first render draws the same page the HTML shows. Null when the HTML is the bare shell.
 *
 * The server checked the content version when it sent the page (docs/decisions.md, "Home-data
 * cache"), so the data counts as fetched now: the page does not ask for it again on mount.
 */
export function hydrateServerState(client: QueryClient): boolean {
  const element = document.getElementById(SERVER_STATE_ID);
  if (!element?.textContent) return false;
  const state = JSON.parse(element.textContent) as DehydratedState;
  const now = Date.now();
  hydrate(client, { ...state, queries: state.queries.map((query) => ({ ...query, state: { ...query.state, dataUpdatedAt: now } })) });
  return true;
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
