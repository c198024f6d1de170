import type { ArticleAddBody } from '@lab/contract';
import { adminContent } from './admin-content';
import { flag } from './form-values';

/** POST /api/admin/content/article/add — answers the new article with its rid. */
export const addArticle = (body: ArticleAddBody) => adminContent.addArticle({ ...body, visible: flag(body.visible) });

/** POST /api/admin/content/article/edit */
export const editArticle = (body: ArticleAddBody & { rid: string }) => adminContent.editArticle({ ...body, visible: flag(body.visible) });

/** POST /api/admin/content/article/visible */
export const setArticleVisible = ({ rid, visible }: { rid: string; visible: boolean }) => adminContent.showArticle({ rid, visible: flag(visible) });

/** POST /api/admin/content/article/delete */
export const deleteArticle = (rid: string) => adminContent.removeArticle({ rid });
