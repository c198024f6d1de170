import type { RouteObject } from 'react-router';
import { page } from '../lazy-page';
import { adminPages } from './admin-pages';

/**
 * The back office's screens as routes, added under the two /admin layouts (router.tsx) the
 * first time a path under /admin is opened: the table of every screen and its loader is this
 * chunk's, so the public site's first load carries none of it.
 */
const screens = (bare: boolean): RouteObject[] =>
  Object.entries(adminPages)
    .filter(([, screen]) => Boolean(screen.bare) === bare)
    .map(([path, screen]) => ({ path, handle: { adminPath: path }, ...page(screen.load) }));

export const adminScreens: RouteObject[] = [...screens(false), { path: '*', ...page(() => import('../../pages/admin-not-found-page')) }];
export const adminBareScreens: RouteObject[] = screens(true);
