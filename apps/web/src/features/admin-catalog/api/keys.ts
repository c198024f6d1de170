import { adminKey } from '../../../lib/admin-api';

/** Every back-office catalogue query lives under one key, so a change refreshes groups, tables and forms alike. */
export const catalogKeys = {
  all: [...adminKey, 'catalog'] as const,
  groups: [...adminKey, 'catalog', 'groups'] as const,
  items: (query: object) => [...adminKey, 'catalog', 'items', query] as const,
  item: (rid: string) => [...adminKey, 'catalog', 'item', rid] as const,
  synonyms: (query: object) => [...adminKey, 'catalog', 'synonyms', query] as const,
  misses: (query: object) => [...adminKey, 'catalog', 'misses', query] as const,
};
