import { queryOptions, useQuery } from '@tanstack/react-query';
import { catalog } from '../../../api/catalog';
import { contentKeys } from './keys';

/** GET /api/open/web/type/group — the groups of a service type, whose names a hot area can open. */
export const getTypeGroups = (typeId: number) => catalog.typeGroups({ typeId }, { skipAuth: true });

export const typeGroupsQueryOptions = (typeId: number) => queryOptions({ queryKey: contentKeys.typeGroups(typeId), queryFn: () => getTypeGroups(typeId), staleTime: 5 * 60_000 });

export const useTypeGroups = (typeId: number | undefined) => useQuery({ ...typeGroupsQueryOptions(typeId ?? 0), enabled: typeId !== undefined });
