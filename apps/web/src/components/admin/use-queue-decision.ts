import { useQueryClient, type QueryKey } from '@tanstack/react-query';
import { isConflict } from '../../lib/api';
import { useApiMutation } from '../../lib/use-api-mutation';
import { useGatedFeedback } from './use-gated-feedback';

/**
 * A decision on a queued application (approve, confirm, issue, refuse) made on the version on
 * screen: useApiMutation, and `refresh` reads again when it succeeds and when it is refused with
 * 409 (the application changed since it was shown, or was decided already), so the queue shows
 * it as it is now before anyone decides again.
 *
 * `decide(args, done, close)` is the decision from the application's dialog: the success
 * message `done` (or, for a decision that creates value above the person's limits, the dialog
 * saying it was filed for approval) and the dialog closes; a 409 closes it too, to decide again
 * from the queue.
 */
export function useQueueDecision<A, R>(refresh: QueryKey, run: (args: A) => Promise<R>) {
  const client = useQueryClient();
  const gated = useGatedFeedback();
  const reread = () => client.invalidateQueries({ queryKey: refresh });
  const mutation = useApiMutation({ mutationFn: run, onSuccess: reread, onError: (error) => void (isConflict(error) && reread()) });
  const decide = (args: A, done: string, close: () => void) =>
    mutation.mutate(args, {
      onSuccess: (result) => {
        gated(result, done);
        close();
      },
      onError: (error) => {
        if (isConflict(error)) close();
      },
    });
  return { ...mutation, decide };
}
