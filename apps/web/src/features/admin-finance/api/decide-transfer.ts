import type { TransferApplication } from '@lab/contract';
import { adminPost } from '../../../lib/admin-api';
import type { Seen } from './seen';

/** POST /api/admin/funds/transfer/approve — the money moves now (409 when the balance no longer covers it). */
export const approveTransfer = ({ rid, version }: Seen) => adminPost<TransferApplication>('/api/admin/funds/transfer/approve', { rid, version });

/** POST /api/admin/funds/transfer/refuse */
export const refuseTransfer = ({ rid, version, reason }: Seen & { reason: string }) => adminPost<TransferApplication>('/api/admin/funds/transfer/refuse', { rid, version, reason });
