import type { AdminContentPage, PageSaveBody } from '@lab/contract';
import { adminPost } from '../../../lib/admin-api';

/** POST /api/admin/content/page/save — title and rich text (the server cleans it). */
export const savePage = (body: PageSaveBody) => adminPost<AdminContentPage>('/api/admin/content/page/save', { ...body });
