import { queryOptions, useQuery } from '@tanstack/react-query';
import { catalog } from '../../../api/catalog';

/** GET /api/open/web/type/group?typeId: the groups of a service type, each with its sub-types. */
export const getTypeGroups = (typeId: number | undefined, signal?: AbortSignal) => catalog.typeGroups({ typeId }, signal ? { signal } : {});

export const typeGroupsQueryOptions = (typeId: number | undefined) =>
  queryOptions({
    queryKey: ['catalog', 'type-groups', typeId ?? 0],
    queryFn: ({ signal }) => getTypeGroups(typeId, signal),
    staleTime: 5 * 60_000,
  });

export const useTypeGroups = (typeId: number | undefined) => useQuery(typeGroupsQueryOptions(typeId));
