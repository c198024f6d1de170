import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { Page, Sampling } from '@lab/contract';
import { apiPost } from '../../../lib/api';
import { memberKeys } from '../../../components/member/member-keys';

/** POST /api/auth/sampling/list: my pickups, newest first. */
export const listSamplings = (page: number) => apiPost<Page<Sampling>>('/api/auth/sampling/list', { page, pageSize: 10 });

export const samplingsQueryOptions = (page: number) =>
  queryOptions({ queryKey: [...memberKeys.samplings, page], queryFn: () => listSamplings(page), placeholderData: keepPreviousData });

export const useSamplings = (page: number) => useQuery(samplingsQueryOptions(page));
