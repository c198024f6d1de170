import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { DeviceSummary, Page } from '@lab/contract';
import { apiGet } from '../../../lib/api';

export interface DeviceSearchParams {
  keyword?: string | undefined;
  typeId?: number | undefined;
  groupId?: number | undefined;
  childId?: number | undefined;
  sort?: string | undefined;
  page?: number | undefined;
  pageSize?: number | undefined;
}

/** GET /api/open/web/device/search: services filtered by type, group, sub-type and keyword, with pages. */
export const searchDevices = (params: DeviceSearchParams, signal?: AbortSignal) =>
  apiGet<Page<DeviceSummary>>(
    '/api/open/web/device/search',
    {
      keyword: params.keyword || undefined,
      typeId: params.typeId,
      groupId: params.groupId,
      childId: params.childId,
      sort: params.sort && params.sort !== 'default' ? params.sort : undefined,
      page: params.page,
      pageSize: params.pageSize,
    },
    signal ? { signal } : {},
  );

export const deviceSearchQueryOptions = (params: DeviceSearchParams) =>
  queryOptions({
    queryKey: ['catalog', 'device-search', params],
    queryFn: ({ signal }) => searchDevices(params, signal),
    placeholderData: keepPreviousData,
  });

export const useDeviceSearch = (params: DeviceSearchParams, enabled = true) =>
  useQuery({ ...deviceSearchQueryOptions(params), enabled });
