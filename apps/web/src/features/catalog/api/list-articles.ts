import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { ArticleKind, ArticleSummary, Page } from '@lab/contract';
import { apiPost } from '../../../lib/api';

export interface ArticleListParams {
  kind: ArticleKind;
  page: number;
  pageSize: number;
}

/** POST /api/open/web/news/list4index: news, courses or ability cases, with pages. */
export const listArticles = (params: ArticleListParams, signal?: AbortSignal) =>
  apiPost<Page<ArticleSummary>>('/api/open/web/news/list4index', { ...params }, signal ? { signal } : {});

export const articleListQueryOptions = (params: ArticleListParams) =>
  queryOptions({
    queryKey: ['catalog', 'articles', params],
    queryFn: ({ signal }) => listArticles(params, signal),
    placeholderData: keepPreviousData,
  });

export const useArticleList = (params: ArticleListParams, enabled = true) =>
  useQuery({ ...articleListQueryOptions(params), enabled });
