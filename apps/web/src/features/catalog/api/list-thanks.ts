import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { content } from '../../content/api/content';

export interface ThanksListParams {
  page: number;
  pageSize: number;
}

/** POST /api/open/web/acknowledge/list4index: papers that acknowledge the lab, with pages. */
export const listThanks = (params: ThanksListParams, signal?: AbortSignal) => content.thanks({ ...params }, signal ? { signal } : {});

export const thanksListQueryOptions = (params: ThanksListParams) =>
  queryOptions({
    queryKey: ['catalog', 'thanks', params],
    queryFn: ({ signal }) => listThanks(params, signal),
    placeholderData: keepPreviousData,
  });

export const useThanksList = (params: ThanksListParams, enabled = true) =>
  useQuery({ ...thanksListQueryOptions(params), enabled });
