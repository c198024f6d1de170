import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { TableQuery } from '../../../components/admin/use-server-table';
import { adminContent } from './admin-content';
import { contentKeys } from './keys';

/** POST /api/admin/content/thanks/list — every thanks entry, paged and searched on the server. */
export const listThanks = (query: TableQuery) => adminContent.thanks(query as Parameters<typeof adminContent.thanks>[0]);

export const thanksQueryOptions = (query: TableQuery) =>
  queryOptions({ queryKey: contentKeys.thanks(query), queryFn: () => listThanks(query), placeholderData: keepPreviousData });

export const useThanks = (query: TableQuery) => useQuery(thanksQueryOptions(query));
