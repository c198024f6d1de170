import type { LoaderFunctionArgs } from 'react-router';
import type { QueryClient } from '@tanstack/react-query';
import { siteSettingsQueryOptions } from '../../lib/site-contact';
import { homeDataQueryOptions } from './api/get-home-data';
import { typeGroupsQueryOptions } from './api/get-type-groups';
import { deviceSearchQueryOptions } from './api/search-devices';
import { deviceDetailQueryOptions } from './api/get-device-detail';
import { listGroupId, listSearch, readListAddress } from './list-query';

/**
 * The loaders behind app/public-loaders.ts, with the queryOptions their pages pass to useQuery.
 * A loader never fails the navigation: a query that failed stays in the cache as an error,
 * which the page shows with its retry button (in the browser), and for which the server sends
 * the bare shell instead of a drawing (entry-server.tsx). Each also loads the site settings,
 * whose contact the layout's header and footer show.
 */
const settle = <T>(data: Promise<T>) => data.catch(() => undefined);

const settings = (client: QueryClient) => settle(client.ensureQueryData(siteSettingsQueryOptions()));

export async function homeLoader(client: QueryClient) {
  await Promise.all([settle(client.ensureQueryData(homeDataQueryOptions())), settings(client)]);
  return null;
}

/** The list knows which items to ask for once it has the groups (a title may name one): groups, then items. */
export async function projectLoader(client: QueryClient, { params, request }: LoaderFunctionArgs) {
  const address = readListAddress(params, new URL(request.url).searchParams);
  const items = async () => {
    const groups = await settle(client.ensureQueryData(typeGroupsQueryOptions(address.validType)));
    if (groups) await settle(client.ensureQueryData(deviceSearchQueryOptions(listSearch(address, listGroupId(address, groups)))));
  };
  await Promise.all([items(), settings(client)]);
  return null;
}

export async function detailLoader(client: QueryClient, { params }: LoaderFunctionArgs) {
  await Promise.all([settle(client.ensureQueryData(deviceDetailQueryOptions(params.rid ?? ''))), settings(client)]);
  return null;
}
