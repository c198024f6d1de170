import { adminFunds } from './admin-funds';
import type { Seen } from './seen';

/** POST /api/admin/funds/transfer/approve — the money moves now (409 when the balance no longer covers it). */
export const approveTransfer = ({ rid, version }: Seen) => adminFunds.transferApprove({ rid, version });

/** POST /api/admin/funds/transfer/refuse */
export const refuseTransfer = ({ rid, version, reason }: Seen & { reason: string }) => adminFunds.transferRefuse({ rid, version, reason });
