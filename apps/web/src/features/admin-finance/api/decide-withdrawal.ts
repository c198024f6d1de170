import type { AdminWithdrawal } from '@lab/contract';
import { adminPost } from '../../../lib/admin-api';
import type { Seen } from './seen';

/** POST /api/admin/growth/withdraw/pay — bank: after the transfer was made; prestore: credited to the member's funds now. */
export const payWithdrawal = ({ rid, version }: Seen) => adminPost<AdminWithdrawal>('/api/admin/growth/withdraw/pay', { rid, version });

/** POST /api/admin/growth/withdraw/refuse — the held money goes back to the partner's withdrawable rebates. */
export const refuseWithdrawal = ({ rid, version, reason }: Seen & { reason: string }) => adminPost<AdminWithdrawal>('/api/admin/growth/withdraw/refuse', { rid, version, reason });
