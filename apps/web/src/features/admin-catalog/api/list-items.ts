import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { AdminServiceItemRow, Page } from '@lab/contract';
import type { TableQuery } from '../../../components/admin/use-server-table';
import { adminPost } from '../../../lib/admin-api';
import { catalogKeys } from './keys';

/** POST /api/admin/catalog/item/list — the items table, filtered and sorted on the server. */
export const listServiceItems = (query: TableQuery) => adminPost<Page<AdminServiceItemRow>>('/api/admin/catalog/item/list', { ...query });

export const serviceItemsQueryOptions = (query: TableQuery) =>
  queryOptions({ queryKey: catalogKeys.items(query), queryFn: () => listServiceItems(query), placeholderData: keepPreviousData });

export const useServiceItems = (query: TableQuery) => useQuery(serviceItemsQueryOptions(query));
