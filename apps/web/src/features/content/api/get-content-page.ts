import { queryOptions, useQuery } from '@tanstack/react-query';
import type { PageKey } from '@lab/contract';
import { content } from './content';

/** GET /api/open/web/page?key=: an about or static page written by staff. */
export const getContentPage = (key: PageKey, signal?: AbortSignal) => content.page({ key }, signal ? { signal } : {});

export const contentPageQueryOptions = (key: PageKey) =>
  queryOptions({
    queryKey: ['content', 'page', key],
    queryFn: ({ signal }) => getContentPage(key, signal),
    staleTime: 5 * 60_000,
  });

export const useContentPage = (key: PageKey) => useQuery(contentPageQueryOptions(key));
