import { queryOptions, useQuery } from '@tanstack/react-query';
import { adminCatalog } from './admin-catalog';
import { catalogKeys } from './keys';

/** POST /api/admin/catalog/item/detail — every field of one item, published or not. */
export const getServiceItem = (rid: string) => adminCatalog.item({ rid });

export const serviceItemQueryOptions = (rid: string) => queryOptions({ queryKey: catalogKeys.item(rid), queryFn: () => getServiceItem(rid) });

/** null: a new item (nothing to load). */
export const useServiceItem = (rid: string | null) => useQuery({ ...serviceItemQueryOptions(rid ?? ''), enabled: rid !== null, staleTime: 0 });
