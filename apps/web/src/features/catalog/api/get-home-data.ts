import { queryOptions, useQuery } from '@tanstack/react-query';
import { catalog } from '../../../api/catalog';
import { ApiError } from '../../../lib/api';

/** GET /api/open/web/index: everything the home page shows. */
export const getHomeData = (signal?: AbortSignal) => catalog.home(signal ? { signal } : {});

export const homeDataQueryOptions = () =>
  queryOptions({
    queryKey: ['catalog', 'home'],
    queryFn: ({ signal }) => getHomeData(signal),
    staleTime: 60_000,
    // a server that answered with a falsy code is not asked again: its message shows at once
    retry: (count, error) => !(error instanceof ApiError && error.status > 0 && error.status < 500) && count < 2,
    // a failed answer is not asked again just because the page mounted anew (coming back to it:
    // the error toast would show twice); the page has a retry button
    retryOnMount: false,
  });

export const useHomeData = () => useQuery(homeDataQueryOptions());
