import { createContext, RouterContextProvider, type LoaderFunctionArgs } from 'react-router';
import type { QueryClient } from '@tanstack/react-query';
import { siteSettingsQueryOptions } from '../lib/site-contact';
import type { EnsurePageData } from '../lib/page-data';
import { queryClient } from '../lib/query-client';

/**
 * The route loaders of the pages the server draws (home, the service list, an item's detail):
 * each ensures, in the query client it is given, the queries its page reads — with the page's
 * own queryOptions, from the page module's `ensurePageData` — so the page renders from the
 * cache at once. The same loaders run on the server (entry-server.tsx: createStaticHandler()
 * .query, with the drawing's own client) and in the browser on a navigation (with the app's
 * client); on the first load of a drawn page the browser router starts from the server's
 * hydration data and runs none of them.
 *
 * The client comes through React Router's context (`queryClientContext`): the app's own in the
 * browser (the context's default), the drawing's own on the server, which passes it as the
 * static handler's requestContext — so the server's drawings each fill their own. The page's part is in the page's own chunk,
 * which its route loads anyway: nothing of it weighs on the first load of another page.
 *
 * A loader never fails the navigation: a query that failed stays in the cache as an error,
 * which the page shows with its retry button (in the browser), and for which the server sends
 * the bare shell instead of a drawing. Each also loads the site settings, whose contact the
 * layout's header and footer show.
 */
export const queryClientContext = createContext<QueryClient>(queryClient);

/** The router context of loaders that fill `client` (the server's requestContext). */
export const loaderContext = (client: QueryClient) => new RouterContextProvider(new Map([[queryClientContext, client]]));

export type { EnsurePageData } from '../lib/page-data';

const pageLoader =
  (page: () => Promise<{ ensurePageData: EnsurePageData }>) =>
  async (args: LoaderFunctionArgs): Promise<null> => {
    const client = (args.context as Readonly<RouterContextProvider>).get(queryClientContext);
    await Promise.allSettled([page().then(({ ensurePageData }) => ensurePageData(client, args)), client.ensureQueryData(siteSettingsQueryOptions())]);
    return null;
  };

/** The pages' modules, imported from one place each for the route's page and its loader (one preload list each in the app's script). */
export const homePage = () => import('../features/catalog/pages/home-page');
export const projectListPage = () => import('../features/catalog/pages/project-list-page');
export const detailPage = () => import('../features/catalog/pages/detail-page');
export const agreementPage = () => import('../features/agreements/pages/agreement-page');

export const homeLoader = pageLoader(homePage);
export const projectLoader = pageLoader(projectListPage);
export const detailLoader = pageLoader(detailPage);
export const agreementLoader = pageLoader(agreementPage);
