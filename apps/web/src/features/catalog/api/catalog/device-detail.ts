import { queryOptions, useQuery } from '@tanstack/react-query';
import { catalog } from '../catalog';
import { catalogKeys } from '../../../../api/query-keys';

/**
 * GET /api/open/web/device/detail?rid: one service item with everything the detail page shows;
 * the calendar reads the item's test options from the same cache entry the page filled.
 */
export const deviceDetailQueryOptions = (rid: string) =>
  queryOptions({
    queryKey: catalogKeys.device(rid),
    queryFn: ({ signal }) => catalog.detail({ rid }, { signal }),
  });

export const useItemDetail = (rid: string) => useQuery(deviceDetailQueryOptions(rid));
