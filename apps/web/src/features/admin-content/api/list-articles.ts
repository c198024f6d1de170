import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { AdminArticle, Page } from '@lab/contract';
import type { TableQuery } from '../../../components/admin/use-server-table';
import { adminPost } from '../../../lib/admin-api';
import { contentKeys } from './keys';

/** POST /api/admin/content/article/list — news, courses and cases, filtered and sorted on the server. */
export const listArticles = (query: TableQuery) => adminPost<Page<AdminArticle>>('/api/admin/content/article/list', { ...query });

export const articlesQueryOptions = (query: TableQuery) =>
  queryOptions({ queryKey: contentKeys.articles(query), queryFn: () => listArticles(query), placeholderData: keepPreviousData });

export const useArticles = (query: TableQuery) => useQuery(articlesQueryOptions(query));
