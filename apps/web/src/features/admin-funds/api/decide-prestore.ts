import { adminFunds } from './admin-funds';
import type { Seen } from './seen';

/** POST /api/admin/funds/prestore/confirm — the transfer arrived: the top-up and its bonus are booked at once. */
export const confirmPrestore = ({ rid, version, note }: Seen & { note?: string }) => adminFunds.prestoreConfirm({ rid, version, note: note || undefined });

/** POST /api/admin/funds/prestore/refuse — with the reason the member reads. */
export const refusePrestore = ({ rid, version, reason }: Seen & { reason: string }) => adminFunds.prestoreRefuse({ rid, version, reason });
