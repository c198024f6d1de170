import { queryOptions, useQuery } from '@tanstack/react-query';
import { catalog } from '../../../api/catalog';
import { financeKeys } from './keys';

/** GET /api/open/web/type/group — the catalogue's groups (public), for a coupon's scope. */
export const listServiceGroups = () => catalog.typeGroups({}, { skipAuth: true });

export const serviceGroupsQueryOptions = () => queryOptions({ queryKey: financeKeys.serviceGroups, queryFn: listServiceGroups, staleTime: 10 * 60_000 });

export const useServiceGroups = (enabled: boolean) => useQuery({ ...serviceGroupsQueryOptions(), enabled });
