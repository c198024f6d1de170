import type { Sampling } from '@lab/contract';
import { apiPost } from '../../../lib/api';

/** POST /api/auth/sampling/cancel */
export const cancelSampling = (rid: string) => apiPost<Sampling>('/api/auth/sampling/cancel', { rid });
