import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { TableQuery } from '../../../components/admin/use-server-table';
import { adminCatalog } from './admin-catalog';
import { catalogKeys } from './keys';

/** POST /api/admin/catalog/item/list — the items table, filtered and sorted on the server. */
export const listServiceItems = (query: TableQuery) => adminCatalog.items(query as Parameters<typeof adminCatalog.items>[0]);

export const serviceItemsQueryOptions = (query: TableQuery) =>
  queryOptions({ queryKey: catalogKeys.items(query), queryFn: () => listServiceItems(query), placeholderData: keepPreviousData });

export const useServiceItems = (query: TableQuery) => useQuery(serviceItemsQueryOptions(query));
