import type { PageSaveBody } from '@lab/contract';
import { adminContent } from './admin-content';

/** POST /api/admin/content/page/save — title and rich text (the server cleans it). */
export const savePage = (body: PageSaveBody) => adminContent.savePage({ ...body });
