import { queryOptions, useQuery } from '@tanstack/react-query';
import type { AbilityShowcase } from '@lab/contract';
import { apiPost } from '../../../lib/api';

/** POST /api/open/ability/index: the capability showcase (/televised). */
export const getAbilityShowcase = (signal?: AbortSignal) =>
  apiPost<AbilityShowcase>('/api/open/ability/index', undefined, signal ? { signal } : {});

export const abilityShowcaseQueryOptions = () =>
  queryOptions({
    queryKey: ['catalog', 'ability'],
    queryFn: ({ signal }) => getAbilityShowcase(signal),
    staleTime: 5 * 60_000,
  });

export const useAbilityShowcase = () => useQuery(abilityShowcaseQueryOptions());
