import { useQueueDecision } from '../../../components/admin/use-queue-decision';
import { financeKeys } from './keys';

/**
 * A finance decision: when it succeeds every finance list, count and ledger is read again; so
 * too when it is refused with 409 (the application changed since it was shown, or was decided
 * already), so the queue shows it as it is now before anyone decides again.
 */
export const useFinanceMutation = <A, R>(run: (args: A) => Promise<R>) => useQueueDecision(financeKeys.all, run);
