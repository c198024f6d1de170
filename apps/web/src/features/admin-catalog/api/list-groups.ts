import { queryOptions, useQuery } from '@tanstack/react-query';
import { adminCatalog } from './admin-catalog';
import { catalogKeys } from './keys';

/** POST /api/admin/catalog/group/list — every group of the three types, with sub-types and item counts. */
export const listServiceGroups = () => adminCatalog.groups({});

export const serviceGroupsQueryOptions = () => queryOptions({ queryKey: catalogKeys.groups, queryFn: listServiceGroups });

/** The catalogue's groups are a few dozen: one call serves the tabs, the filters and the item form. */
export const useServiceGroups = () => useQuery(serviceGroupsQueryOptions());
