import type { TransferApplication } from '@lab/contract';
import { adminPost } from '../../../lib/admin-api';

/** POST /api/admin/funds/transfer/approve — the money moves now (409 when the balance no longer covers it). */
export const approveTransfer = (rid: string) => adminPost<TransferApplication>('/api/admin/funds/transfer/approve', { rid });

/** POST /api/admin/funds/transfer/refuse */
export const refuseTransfer = ({ rid, reason }: { rid: string; reason: string }) => adminPost<TransferApplication>('/api/admin/funds/transfer/refuse', { rid, reason });
