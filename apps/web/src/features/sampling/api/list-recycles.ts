import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { Page, RecycleRequest } from '@lab/contract';
import { apiPost } from '../../../lib/api';
import { memberKeys } from '../../../components/member/member-keys';

/** POST /api/auth/sample4recycle/list4person: my requests to have samples sent back. */
export const listRecycles = (page: number) => apiPost<Page<RecycleRequest>>('/api/auth/sample4recycle/list4person', { page, pageSize: 10 });

export const recyclesQueryOptions = (page: number) =>
  queryOptions({ queryKey: [...memberKeys.recycles, page], queryFn: () => listRecycles(page), placeholderData: keepPreviousData });

export const useRecycles = (page: number) => useQuery(recyclesQueryOptions(page));
