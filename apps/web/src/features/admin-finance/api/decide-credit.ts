import type { CreditApplication } from '@lab/contract';
import { adminPost } from '../../../lib/admin-api';

/** POST /api/admin/funds/credit/approve — with the limit granted (yuan), which may differ from the one asked. */
export const approveCredit = ({ rid, limit, note }: { rid: string; limit: string; note?: string }) =>
  adminPost<CreditApplication>('/api/admin/funds/credit/approve', { rid, limit, note: note || undefined });

/** POST /api/admin/funds/credit/refuse */
export const refuseCredit = ({ rid, reason }: { rid: string; reason: string }) => adminPost<CreditApplication>('/api/admin/funds/credit/refuse', { rid, reason });
