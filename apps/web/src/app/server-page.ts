import type { DehydratedState } from '@tanstack/react-query';
import type { HydrationState } from 'react-router';

/** The id of the JSON block in which the server hands its page's data to the browser. */
export const SERVER_STATE_ID = 'server-state';

/**
 * What that block holds: the page's queries (TanStack Query's `dehydrate`, which
 * `HydrationBoundary` takes) and the router's hydration data (its loaders ran on the server).
 * Both sides render the page inside `<HydrationBoundary state={queries}>`.
 */
export interface ServerState {
  queries: DehydratedState;
  router: HydrationState;
}
