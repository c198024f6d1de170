import { queryOptions, useQuery } from '@tanstack/react-query';
import type { AdminContentPage, PageKey } from '@lab/contract';
import { adminPost } from '../../../lib/admin-api';
import { contentKeys } from './keys';

/** POST /api/admin/content/page/detail — title and stored text of one page. */
export const getPage = (key: PageKey) => adminPost<AdminContentPage>('/api/admin/content/page/detail', { key });

export const pageQueryOptions = (key: PageKey) => queryOptions({ queryKey: contentKeys.page(key), queryFn: () => getPage(key) });

export const usePage = (key: PageKey) => useQuery(pageQueryOptions(key));
