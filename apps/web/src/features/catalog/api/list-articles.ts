import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { ArticleKind } from '@lab/contract';
import { content } from '../../content/api/content';

export interface ArticleListParams {
  kind: ArticleKind;
  page: number;
  pageSize: number;
}

/** POST /api/open/web/news/list4index: news, courses or ability cases, with pages. */
export const listArticles = (params: ArticleListParams, signal?: AbortSignal) => content.articles({ ...params }, signal ? { signal } : {});

export const articleListQueryOptions = (params: ArticleListParams) =>
  queryOptions({
    queryKey: ['catalog', 'articles', params],
    queryFn: ({ signal }) => listArticles(params, signal),
    placeholderData: keepPreviousData,
  });

export const useArticleList = (params: ArticleListParams, enabled = true) =>
  useQuery({ ...articleListQueryOptions(params), enabled });
