import type { AdminApproval } from '@lab/contract';
import { approvals } from './approvals';
import { adminKey } from '../../../lib/admin-api';
import { useApiMutation } from '../../../lib/use-api-mutation';

/** POST /api/admin/approvals/approve — books exactly the filed request; not the maker's own. */
export const approveRequest = (rid: string) => approvals.approve({ rid });

/** POST /api/admin/approvals/reject — with the reason the maker reads; books nothing. */
export const rejectRequest = ({ rid, reason }: { rid: string; reason: string }) => approvals.reject({ rid, reason });

/** POST /api/admin/approvals/withdraw — the maker takes their own pending request back. */
export const withdrawRequest = ({ rid, reason }: { rid: string; reason: string }) => approvals.withdraw({ rid, ...(reason ? { reason } : {}) });

/**
 * A decision books a coupon, a refund or an adjustment somewhere else in the back office, so it
 * refreshes every back-office query, not only the approvals.
 */
export function useDecision<A>(run: (args: A) => Promise<AdminApproval>) {
  return useApiMutation({ mutationFn: run, invalidates: [adminKey] });
}
