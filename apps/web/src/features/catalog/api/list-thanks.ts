import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { Page, ThanksEntry } from '@lab/contract';
import { apiPost } from '../../../lib/api';

export interface ThanksListParams {
  page: number;
  pageSize: number;
}

/** POST /api/open/web/acknowledge/list4index: papers that acknowledge the lab, with pages. */
export const listThanks = (params: ThanksListParams, signal?: AbortSignal) =>
  apiPost<Page<ThanksEntry>>('/api/open/web/acknowledge/list4index', { ...params }, signal ? { signal } : {});

export const thanksListQueryOptions = (params: ThanksListParams) =>
  queryOptions({
    queryKey: ['catalog', 'thanks', params],
    queryFn: ({ signal }) => listThanks(params, signal),
    placeholderData: keepPreviousData,
  });

export const useThanksList = (params: ThanksListParams, enabled = true) =>
  useQuery({ ...thanksListQueryOptions(params), enabled });
