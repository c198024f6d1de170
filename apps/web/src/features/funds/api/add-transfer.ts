import type { TransferDirection } from '@lab/contract';
import { funds } from './funds';

/** POST /api/auth/transferApply/add — done at once up to the threshold, otherwise pending for finance. */
export const addTransfer = (body: { community_rid: string; direction: TransferDirection; amount: string; remark?: string }) =>
  funds.transferAdd(body);
