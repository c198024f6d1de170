import { queryOptions, useQuery } from '@tanstack/react-query';
import { adminContent } from './admin-content';
import { contentKeys } from './keys';

/** POST /api/admin/content/page/list — the seven about and static pages. */
export const listPages = () => adminContent.pages();

export const pagesQueryOptions = () => queryOptions({ queryKey: contentKeys.pages, queryFn: listPages });

export const usePages = () => useQuery(pagesQueryOptions());
