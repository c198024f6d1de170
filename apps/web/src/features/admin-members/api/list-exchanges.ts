import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { AdminExchangeRecord, Page } from '@lab/contract';
import type { TableQuery } from '../../../components/admin/use-server-table';
import { adminPost } from '../../../lib/admin-api';
import { customerKeys } from './keys';

/** POST /api/admin/growth/exchange/list — what members exchanged (gifts to ship first). */
export const listExchanges = (query: TableQuery) => adminPost<Page<AdminExchangeRecord>>('/api/admin/growth/exchange/list', { ...query });

export const exchangesQueryOptions = (query: TableQuery) =>
  queryOptions({ queryKey: customerKeys.exchanges(query), queryFn: () => listExchanges(query), placeholderData: keepPreviousData });

export const useExchanges = (query: TableQuery) => useQuery(exchangesQueryOptions(query));
