import { useMutation } from '@tanstack/react-query';
import { apiPost } from '../../../lib/api';

/** POST /api/open/ability/sync4num: counts one view of an article. */
export const syncArticleViews = (id: string) => apiPost<unknown>('/api/open/ability/sync4num', { id });

export const useSyncArticleViews = () => useMutation({ mutationFn: syncArticleViews });
