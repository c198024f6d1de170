import { queryOptions, useQuery } from '@tanstack/react-query';
import { catalog } from '../../../api/catalog';
import { catalogKeys } from '../../../api/query-keys';

/** GET /api/open/web/device/detail?rid: one service item with everything the detail page shows. */
export const getDeviceDetail = (rid: string, signal?: AbortSignal) => catalog.detail({ rid }, signal ? { signal } : {});

export const deviceDetailQueryOptions = (rid: string) =>
  queryOptions({
    queryKey: catalogKeys.device(rid),
    queryFn: ({ signal }) => getDeviceDetail(rid, signal),
  });

export const useDeviceDetail = (rid: string) => useQuery(deviceDetailQueryOptions(rid));
