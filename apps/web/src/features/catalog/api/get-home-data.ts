import { queryOptions, useQuery } from '@tanstack/react-query';
import type { HomeData } from '@lab/contract';
import { apiGet } from '../../../lib/api';

/** GET /api/open/web/index: everything the home page shows. */
export const getHomeData = (signal?: AbortSignal) => apiGet<HomeData>('/api/open/web/index', undefined, signal ? { signal } : {});

export const homeDataQueryOptions = () =>
  queryOptions({
    queryKey: ['catalog', 'home'],
    queryFn: ({ signal }) => getHomeData(signal),
    staleTime: 60_000,
  });

export const useHomeData = () => useQuery(homeDataQueryOptions());
