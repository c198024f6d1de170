import { useMutation, useQueryClient, type DefaultError, type QueryKey, type UseMutationOptions } from '@tanstack/react-query';
import { feedback } from './feedback';

export type ApiMutationOptions<R, A, C = unknown> = UseMutationOptions<R, DefaultError, A, C> & {
  /** the queries (key prefixes) that show what this call changed: read again once it succeeded */
  invalidates?: readonly QueryKey[];
  /** errors the page shows itself (inline next to the form, or in its own dialog): not shown again as a failure */
  handlesError?: (error: DefaultError) => boolean;
};

/**
 * The one way a page changes something on the server (docs/web.md): TanStack Query's
 * useMutation, `isPending` for the busy button; once it succeeds the `invalidates` queries are
 * read again, and a failure shows the server's msg (feedback.failure, spec §8) before the
 * caller's own onError runs. The refetch is not awaited: the success toast and the closing
 * dialog do not wait for the lists behind them.
 */
export function useApiMutation<R, A = void, C = unknown>({ invalidates = [], handlesError, onSuccess, onError, ...options }: ApiMutationOptions<R, A, C>) {
  const client = useQueryClient();
  return useMutation<R, DefaultError, A, C>({
    ...options,
    onSuccess: (...args) => {
      for (const queryKey of invalidates) void client.invalidateQueries({ queryKey });
      return onSuccess?.(...args);
    },
    onError: (...args) => {
      if (!handlesError?.(args[0])) feedback.failure(args[0]);
      return onError?.(...args);
    },
  });
}

/**
 * For a dialog that waits on the call to close (modal.confirm's onOk): `mutateAsync` rejects
 * on failure, which antd would leave unhandled; the failure is shown by the hook already, so
 * the dialog just closes.
 */
export const settled = (call: Promise<unknown>): Promise<void> => call.then(
  () => undefined,
  () => undefined,
);
