import { queryOptions, useQuery } from '@tanstack/react-query';
import { catalog } from '../catalog';
import { catalogKeys } from '../../../../api/query-keys';
import { queryCall } from '../../../../lib/query-transport';

/**
 * GET /api/open/web/type/group?typeId: the groups of a service type (no type: every group), each
 * with its sub-types. Open data, read by the service list, the back office's hot-area form and its
 * coupon scope: sent without a token (skipAuth), so a staff page in a browser where a member is
 * also logged in asks exactly what a visitor asks.
 */
export const typeGroupsQueryOptions = (typeId?: number) =>
  queryOptions({
    queryKey: catalogKeys.typeGroups(typeId),
    queryFn: (context) => catalog.typeGroups({ typeId }, { ...queryCall(context), skipAuth: true }),
    staleTime: 5 * 60_000,
  });

export const useTypeGroups = (typeId?: number, { enabled = true }: { enabled?: boolean } = {}) => useQuery({ ...typeGroupsQueryOptions(typeId), enabled });
