import { createContext, RouterContextProvider, type LoaderFunctionArgs } from 'react-router';
import type { QueryClient } from '@tanstack/react-query';

/**
 * The route loaders of the pages the server draws (home, the service list, an item's detail):
 * each ensures, in the query client it is given, the queries its page reads — with the page's
 * own queryOptions — so the page renders from the cache at once. The same loaders run on the
 * server (entry-server.tsx: createStaticHandler().query, with the drawing's own client) and in
 * the browser on a navigation (with the app's client); on the first load of a drawn page the
 * browser router starts from the server's hydration data and runs none of them.
 *
 * The client comes through React Router's context (`queryClientContext`), not a module import,
 * so the server's drawings each fill their own. The loaders' code is in the catalog's chunk,
 * loaded on the first navigation that needs it: none of it weighs on a page's first load.
 */
export const queryClientContext = createContext<QueryClient>();

/** The router context of loaders that fill `client`: the server's requestContext, the browser router's getContext. */
export const loaderContext = (client: QueryClient) => new RouterContextProvider(new Map([[queryClientContext, client]]));

type PublicLoader = 'homeLoader' | 'projectLoader' | 'detailLoader';

const lazyLoader =
  (name: PublicLoader) =>
  async (args: LoaderFunctionArgs): Promise<null> => {
    const loaders = await import('../features/catalog/route-loaders');
    const context = args.context as Readonly<RouterContextProvider>;
    return loaders[name](context.get(queryClientContext), args);
  };

export const homeLoader = lazyLoader('homeLoader');
export const projectLoader = lazyLoader('projectLoader');
export const detailLoader = lazyLoader('detailLoader');
