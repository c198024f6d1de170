import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { catalog } from '../catalog';
import { catalogKeys } from '../../../../api/query-keys';
import { queryCall } from '../../../../lib/query-transport';

/**
 * GET /api/open/web/device/suggest?q: techniques, synonyms and items for what is typed in the
 * header's search. Open data, sent without a token; kept a minute, the previous list shown
 * while the next one loads.
 */
export const suggestQueryOptions = (q: string) =>
  queryOptions({
    queryKey: catalogKeys.suggest(q),
    queryFn: (context) => catalog.suggest({ q }, { ...queryCall(context), skipAuth: true }),
    staleTime: 60_000,
    placeholderData: keepPreviousData,
  });

export const useSuggestions = (q: string) => useQuery({ ...suggestQueryOptions(q), enabled: q.length > 0 });
