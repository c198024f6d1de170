import { useQueryClient } from '@tanstack/react-query';
import { contentKeys } from './keys';
import { useApiMutation } from '../../../lib/use-api-mutation';

/**
 * A change to the site's content. Afterwards every content list and form reads again — after
 * a refusal too (a list reordered by someone else meanwhile shows as it now is).
 */
export function useContentMutation<A, R>(run: (args: A) => Promise<R>) {
  const client = useQueryClient();
  return useApiMutation({ mutationFn: run, onSettled: () => client.invalidateQueries({ queryKey: contentKeys.all }) });
}
