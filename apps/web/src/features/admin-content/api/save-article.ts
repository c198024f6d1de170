import type { AdminArticle, AdminArticleDetail, ArticleAddBody } from '@lab/contract';
import { adminPost } from '../../../lib/admin-api';
import { flag } from './form-values';

/** POST /api/admin/content/article/add — answers the new article with its rid. */
export const addArticle = (body: ArticleAddBody) => adminPost<AdminArticleDetail>('/api/admin/content/article/add', { ...body, visible: flag(body.visible) });

/** POST /api/admin/content/article/edit */
export const editArticle = (body: ArticleAddBody & { rid: string }) => adminPost<AdminArticleDetail>('/api/admin/content/article/edit', { ...body, visible: flag(body.visible) });

/** POST /api/admin/content/article/visible */
export const setArticleVisible = ({ rid, visible }: { rid: string; visible: boolean }) => adminPost<AdminArticle>('/api/admin/content/article/visible', { rid, visible: flag(visible) });

/** POST /api/admin/content/article/delete */
export const deleteArticle = (rid: string) => adminPost<{ rid: string }>('/api/admin/content/article/delete', { rid });
