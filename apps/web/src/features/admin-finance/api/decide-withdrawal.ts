import type { AdminWithdrawal } from '@lab/contract';
import { adminPost } from '../../../lib/admin-api';

/** POST /api/admin/growth/withdraw/pay — bank: after the transfer was made; prestore: credited to the member's funds now. */
export const payWithdrawal = (rid: string) => adminPost<AdminWithdrawal>('/api/admin/growth/withdraw/pay', { rid });

/** POST /api/admin/growth/withdraw/refuse — the held money goes back to the partner's withdrawable rebates. */
export const refuseWithdrawal = ({ rid, reason }: { rid: string; reason: string }) => adminPost<AdminWithdrawal>('/api/admin/growth/withdraw/refuse', { rid, reason });
