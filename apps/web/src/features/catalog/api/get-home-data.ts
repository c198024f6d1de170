import { queryOptions, useQuery } from '@tanstack/react-query';
import { catalog } from './catalog';
import { ApiError } from '../../../lib/api';
import { queryCall } from '../../../lib/query-transport';

/** GET /api/open/web/index: everything the home page shows (its route loader and the page use these options). */
export const homeDataQueryOptions = () =>
  queryOptions({
    queryKey: ['catalog', 'home'],
    queryFn: (context) => catalog.home(queryCall(context)),
    staleTime: 60_000,
    // a server that answered with a falsy code is not asked again: its message shows at once
    retry: (count, error) => !(error instanceof ApiError && error.status > 0 && error.status < 500) && count < 2,
    // a failed answer is not asked again just because the page mounted anew (coming back to it:
    // the error toast would show twice); the page has a retry button
    retryOnMount: false,
  });

export const useHomeData = () => useQuery(homeDataQueryOptions());
