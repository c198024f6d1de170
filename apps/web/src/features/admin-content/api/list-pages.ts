import { queryOptions, useQuery } from '@tanstack/react-query';
import type { AdminPageSummary } from '@lab/contract';
import { adminPost } from '../../../lib/admin-api';
import { contentKeys } from './keys';

/** POST /api/admin/content/page/list — the seven about and static pages. */
export const listPages = () => adminPost<AdminPageSummary[]>('/api/admin/content/page/list');

export const pagesQueryOptions = () => queryOptions({ queryKey: contentKeys.pages, queryFn: listPages });

export const usePages = () => useQuery(pagesQueryOptions());
