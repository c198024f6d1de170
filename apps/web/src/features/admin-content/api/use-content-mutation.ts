import { useListChange } from '../../../components/admin/crud-dialog';
import { contentKeys } from './keys';

/**
 * A change to the site's content. Afterwards every content list and form reads again — after
 * a refusal too (a list reordered by someone else meanwhile shows as it now is).
 */
export const useContentMutation = <A, R>(run: (args: A) => Promise<R>) => useListChange(contentKeys.all, run);
