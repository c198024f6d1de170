import { useReasonPrompt } from '../../../components/admin/reason-prompt';
import { feedback } from '../../../lib/feedback';
import type { Seen } from '../api/seen';
import { useFinanceMutation } from '../api/use-finance-mutation';

/**
 * Refusing an application in a finance queue: the member reads the reason, so it is required;
 * the lists, counts and ledgers are read again once the refusal is recorded. The refusal
 * carries the version of the row on screen, so an application changed since is not refused
 * unseen (the server answers 409 and the page shows its message).
 */
export function useRefuseWithReason(refuse: (args: Seen & { reason: string }) => Promise<unknown>) {
  const prompt = useReasonPrompt();
  const mutation = useFinanceMutation(refuse);
  return async (row: Seen, ask: { title: string; placeholder: string }) => {
    const reason = await prompt({ ...ask, label: '驳回原因', required: true, danger: true, okText: '驳回' });
    if (reason === null) return;
    mutation.mutate({ rid: row.rid, version: row.version, reason }, {
      onSuccess: () => {
        feedback.success('已驳回');
      },
    });
  };
}
