import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { TableQuery } from '../../../components/admin/use-server-table';
import { adminContent } from './admin-content';
import { contentKeys } from './keys';

/** POST /api/admin/content/article/list — news, courses and cases, filtered and sorted on the server. */
export const listArticles = (query: TableQuery) => adminContent.articles(query as Parameters<typeof adminContent.articles>[0]);

export const articlesQueryOptions = (query: TableQuery) =>
  queryOptions({ queryKey: contentKeys.articles(query), queryFn: () => listArticles(query), placeholderData: keepPreviousData });

export const useArticles = (query: TableQuery) => useQuery(articlesQueryOptions(query));
