import { queryOptions, useQuery } from '@tanstack/react-query';
import { content } from '../../content/api/content';

/** POST /api/open/news/detail: one article (news, course or ability case) by its rid. */
export const getArticle = (id: string, signal?: AbortSignal) => content.article({ id }, signal ? { signal } : {});

export const articleQueryOptions = (id: string) =>
  queryOptions({
    queryKey: ['catalog', 'article', id],
    queryFn: ({ signal }) => getArticle(id, signal),
  });

export const useArticle = (id: string) => useQuery(articleQueryOptions(id));
