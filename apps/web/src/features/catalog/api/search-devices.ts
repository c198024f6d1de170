import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { DeviceSearchQuery } from '@lab/contract';
import { catalog } from './catalog';
import { queryCall } from '../../../lib/query-transport';

export interface DeviceSearchParams {
  keyword?: string | undefined;
  typeId?: number | undefined;
  groupId?: number | undefined;
  childId?: number | undefined;
  sort?: DeviceSearchQuery['sort'] | undefined;
  page?: number | undefined;
  pageSize?: number | undefined;
}

/** GET /api/open/web/device/search: services filtered by type, group, sub-type and keyword, with pages. */
export const searchDevices = (params: DeviceSearchParams, options: Parameters<typeof catalog.search>[1] = {}) =>
  catalog.search(
    {
      keyword: params.keyword || undefined,
      typeId: params.typeId,
      groupId: params.groupId,
      childId: params.childId,
      sort: params.sort && params.sort !== 'default' ? params.sort : undefined,
      page: params.page,
      pageSize: params.pageSize,
    },
    options,
  );

export const deviceSearchQueryOptions = (params: DeviceSearchParams) =>
  queryOptions({
    queryKey: ['catalog', 'device-search', params],
    queryFn: (context) => searchDevices(params, queryCall(context)),
    placeholderData: keepPreviousData,
  });

export const useDeviceSearch = (params: DeviceSearchParams, enabled = true) =>
  useQuery({ ...deviceSearchQueryOptions(params), enabled });
