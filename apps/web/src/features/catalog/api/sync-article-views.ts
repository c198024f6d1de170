import { useMutation } from '@tanstack/react-query';
import { content } from '../../content/api/content';

/** POST /api/open/ability/sync4num: counts one view of an article. */
export const syncArticleViews = (id: string) => content.countView({ id });

// a view counted in the background: nobody asked for it, so a failure shows nothing (not useApiMutation)
export const useSyncArticleViews = () => useMutation({ mutationFn: syncArticleViews });
