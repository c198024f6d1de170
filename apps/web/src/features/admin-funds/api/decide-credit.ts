import { adminFunds } from './admin-funds';
import type { Seen } from './seen';

/** POST /api/admin/funds/credit/approve — with the limit granted (yuan), which may differ from the one asked. */
export const approveCredit = ({ rid, version, limit, note }: Seen & { limit: string; note?: string }) =>
  adminFunds.creditApprove({ rid, version, limit, note: note || undefined });

/** POST /api/admin/funds/credit/refuse */
export const refuseCredit = ({ rid, version, reason }: Seen & { reason: string }) => adminFunds.creditRefuse({ rid, version, reason });
