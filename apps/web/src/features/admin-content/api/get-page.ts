import { queryOptions, useQuery } from '@tanstack/react-query';
import type { PageKey } from '@lab/contract';
import { adminContent } from './admin-content';
import { contentKeys } from './keys';

/** POST /api/admin/content/page/detail — title and stored text of one page. */
export const getPage = (key: PageKey) => adminContent.page({ key });

export const pageQueryOptions = (key: PageKey) => queryOptions({ queryKey: contentKeys.page(key), queryFn: () => getPage(key) });

export const usePage = (key: PageKey) => useQuery(pageQueryOptions(key));
