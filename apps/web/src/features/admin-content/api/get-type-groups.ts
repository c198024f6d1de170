import { queryOptions, useQuery } from '@tanstack/react-query';
import type { TypeGroup } from '@lab/contract';
import { adminGet } from '../../../lib/admin-api';
import { contentKeys } from './keys';

/** GET /api/open/web/type/group — the groups of a service type, whose names a hot area can open. */
export const getTypeGroups = (typeId: number) => adminGet<TypeGroup[]>('/api/open/web/type/group', { typeId });

export const typeGroupsQueryOptions = (typeId: number) => queryOptions({ queryKey: contentKeys.typeGroups(typeId), queryFn: () => getTypeGroups(typeId), staleTime: 5 * 60_000 });

export const useTypeGroups = (typeId: number | undefined) => useQuery({ ...typeGroupsQueryOptions(typeId ?? 0), enabled: typeId !== undefined });
