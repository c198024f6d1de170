import { queryOptions, useQuery } from '@tanstack/react-query';
import { catalog } from '../../catalog/api/catalog';
import { requirementKeys } from './keys';

/** GET /api/open/web/device/search — published test items (type 1) a quote may use. */
export const searchTestItems = (keyword: string) => catalog.search({ keyword: keyword || undefined, typeId: 1, pageSize: 20 }, { skipAuth: true });

export const useTestItemSearch = (keyword: string) =>
  useQuery(queryOptions({ queryKey: requirementKeys.catalogSearch(keyword), queryFn: () => searchTestItems(keyword), staleTime: 60_000 }));

/** GET /api/open/web/device/detail — an item's options and their prices. */
export const getTestItem = (rid: string) => catalog.detail({ rid }, { skipAuth: true });

export const testItemQueryOptions = (rid: string) => queryOptions({ queryKey: requirementKeys.catalogItem(rid), queryFn: () => getTestItem(rid), staleTime: 60_000 });
