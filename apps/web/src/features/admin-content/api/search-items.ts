import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { catalog } from '../../catalog/api/catalog';
import { contentKeys } from './keys';

/** GET /api/open/web/device/search — service items by words, for a banner that links to one. */
export const searchItems = (keyword: string) => catalog.search({ keyword, pageSize: 20 }, { skipAuth: true });

export const itemSearchQueryOptions = (keyword: string) =>
  queryOptions({ queryKey: [...contentKeys.all, 'item-search', keyword], queryFn: () => searchItems(keyword), placeholderData: keepPreviousData, staleTime: 60_000 });

export const useItemSearch = (keyword: string) => useQuery(itemSearchQueryOptions(keyword));
