import { queryOptions, useQuery } from '@tanstack/react-query';
import { catalog } from '../../../api/catalog';
import { queryCall } from '../../../lib/query-transport';

/** GET /api/open/web/type/group?typeId: the groups of a service type, each with its sub-types. */
export const typeGroupsQueryOptions = (typeId: number | undefined) =>
  queryOptions({
    queryKey: ['catalog', 'type-groups', typeId ?? 0],
    queryFn: (context) => catalog.typeGroups({ typeId }, queryCall(context)),
    staleTime: 5 * 60_000,
  });

export const useTypeGroups = (typeId: number | undefined) => useQuery(typeGroupsQueryOptions(typeId));
