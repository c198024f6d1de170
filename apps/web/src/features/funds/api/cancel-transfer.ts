import type { TransferApplication } from '@lab/contract';
import { apiPost } from '../../../lib/api';

/** POST /api/auth/transferApply/cancel — pending only. */
export const cancelTransfer = (rid: string) => apiPost<TransferApplication>('/api/auth/transferApply/cancel', { rid });
