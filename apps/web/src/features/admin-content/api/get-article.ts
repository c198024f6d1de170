import { queryOptions, useQuery } from '@tanstack/react-query';
import { adminContent } from './admin-content';
import { contentKeys } from './keys';

/** POST /api/admin/content/article/detail — the article with its stored (cleaned) text. */
export const getArticle = (rid: string) => adminContent.article({ rid });

export const articleQueryOptions = (rid: string) => queryOptions({ queryKey: contentKeys.article(rid), queryFn: () => getArticle(rid) });

export const useArticle = (rid: string | null) => useQuery({ ...articleQueryOptions(rid ?? ''), enabled: rid !== null });
