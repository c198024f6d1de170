import { queryOptions, useQuery } from '@tanstack/react-query';
import { catalog } from './catalog';
import { queryCall } from '../../../lib/query-transport';
import { catalogKeys } from '../../../api/query-keys';

/** GET /api/open/web/device/detail?rid: one service item with everything the detail page shows. */
export const deviceDetailQueryOptions = (rid: string) =>
  queryOptions({
    queryKey: catalogKeys.device(rid),
    queryFn: (context) => catalog.detail({ rid }, queryCall(context)),
  });

export const useDeviceDetail = (rid: string) => useQuery(deviceDetailQueryOptions(rid));
