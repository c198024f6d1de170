import type { TransferApplication, TransferDirection } from '@lab/contract';
import { apiPost } from '../../../lib/api';

/** POST /api/auth/transferApply/add — done at once up to the threshold, otherwise pending for finance. */
export const addTransfer = (body: { community_rid: string; direction: TransferDirection; amount: string; remark?: string }) =>
  apiPost<TransferApplication>('/api/auth/transferApply/add', body);
