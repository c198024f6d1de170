import { useMutation, useQueryClient } from '@tanstack/react-query';
import { financeKeys } from './keys';

/** A finance decision: when it succeeds every finance list, count and ledger is read again. */
export function useFinanceMutation<A, R>(run: (args: A) => Promise<R>) {
  const client = useQueryClient();
  return useMutation({ mutationFn: run, onSuccess: () => client.invalidateQueries({ queryKey: financeKeys.all }) });
}
