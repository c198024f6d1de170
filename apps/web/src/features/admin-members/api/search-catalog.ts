import { queryOptions, useQuery } from '@tanstack/react-query';
import type { DeviceDetail, DeviceSummary, Page } from '@lab/contract';
import { adminGet } from '../../../lib/admin-api';
import { customerKeys } from './keys';

/** GET /api/open/web/device/search — published test items (type 1) a quote may use. */
export const searchTestItems = (keyword: string) =>
  adminGet<Page<DeviceSummary>>('/api/open/web/device/search', { keyword: keyword || undefined, typeId: 1, pageSize: 20 });

export const useTestItemSearch = (keyword: string) =>
  useQuery(queryOptions({ queryKey: customerKeys.catalogSearch(keyword), queryFn: () => searchTestItems(keyword), staleTime: 60_000 }));

/** GET /api/open/web/device/detail — an item's options and their prices. */
export const getTestItem = (rid: string) => adminGet<DeviceDetail>('/api/open/web/device/detail', { rid });

export const testItemQueryOptions = (rid: string) => queryOptions({ queryKey: customerKeys.catalogItem(rid), queryFn: () => getTestItem(rid), staleTime: 60_000 });
