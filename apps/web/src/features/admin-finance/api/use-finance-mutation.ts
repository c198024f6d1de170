import { useQueryClient } from '@tanstack/react-query';
import { isConflict } from '../../../lib/api';
import { financeKeys } from './keys';
import { useApiMutation } from '../../../lib/use-api-mutation';

/**
 * A finance decision: when it succeeds every finance list, count and ledger is read again; so
 * too when it is refused with 409 (the application changed since it was shown, or was decided
 * already), so the queue shows it as it is now before anyone decides again.
 */
export function useFinanceMutation<A, R>(run: (args: A) => Promise<R>) {
  const client = useQueryClient();
  const refresh = () => client.invalidateQueries({ queryKey: financeKeys.all });
  return useApiMutation({ mutationFn: run, onSuccess: refresh, onError: (error) => void (isConflict(error) && refresh()) });
}
