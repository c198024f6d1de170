import type { CreditApplication } from '@lab/contract';
import { adminPost } from '../../../lib/admin-api';
import type { Seen } from './seen';

/** POST /api/admin/funds/credit/approve — with the limit granted (yuan), which may differ from the one asked. */
export const approveCredit = ({ rid, version, limit, note }: Seen & { limit: string; note?: string }) =>
  adminPost<CreditApplication>('/api/admin/funds/credit/approve', { rid, version, limit, note: note || undefined });

/** POST /api/admin/funds/credit/refuse */
export const refuseCredit = ({ rid, version, reason }: Seen & { reason: string }) => adminPost<CreditApplication>('/api/admin/funds/credit/refuse', { rid, version, reason });
