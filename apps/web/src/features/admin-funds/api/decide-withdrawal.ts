import type { Seen } from './seen';
import { adminPromotion } from '../../admin-growth/api/admin-promotion';

/** POST /api/admin/growth/withdraw/pay — bank: after the transfer was made; prestore: credited to the member's funds now. */
export const payWithdrawal = ({ rid, version }: Seen) => adminPromotion.payWithdrawal({ rid, version });

/** POST /api/admin/growth/withdraw/refuse — the held money goes back to the partner's withdrawable rebates. */
export const refuseWithdrawal = ({ rid, version, reason }: Seen & { reason: string }) => adminPromotion.refuseWithdrawal({ rid, version, reason });
