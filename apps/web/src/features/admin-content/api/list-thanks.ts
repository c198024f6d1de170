import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { AdminThanks, Page } from '@lab/contract';
import type { TableQuery } from '../../../components/admin/use-server-table';
import { adminPost } from '../../../lib/admin-api';
import { contentKeys } from './keys';

/** POST /api/admin/content/thanks/list — every thanks entry, paged and searched on the server. */
export const listThanks = (query: TableQuery) => adminPost<Page<AdminThanks>>('/api/admin/content/thanks/list', { ...query });

export const thanksQueryOptions = (query: TableQuery) =>
  queryOptions({ queryKey: contentKeys.thanks(query), queryFn: () => listThanks(query), placeholderData: keepPreviousData });

export const useThanks = (query: TableQuery) => useQuery(thanksQueryOptions(query));
