import { queryOptions, useQuery } from '@tanstack/react-query';
import { content } from '../../content/api/content';

/** POST /api/open/ability/index: the capability showcase (/televised). */
export const getAbilityShowcase = (signal?: AbortSignal) => content.ability(signal ? { signal } : {});

export const abilityShowcaseQueryOptions = () =>
  queryOptions({
    queryKey: ['catalog', 'ability'],
    queryFn: ({ signal }) => getAbilityShowcase(signal),
    staleTime: 5 * 60_000,
  });

export const useAbilityShowcase = () => useQuery(abilityShowcaseQueryOptions());
