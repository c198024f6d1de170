import type { Requirement } from '@lab/contract';
import { apiPost } from '../../../lib/api';

/** POST /api/auth/demand/cancel: withdraws a requirement still awaiting or holding a quote. */
export const cancelRequirement = (rid: string) => apiPost<Requirement>('/api/auth/demand/cancel', { rid });
