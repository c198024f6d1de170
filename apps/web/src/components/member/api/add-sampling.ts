import type { Sampling, SamplingAddBody } from '@lab/contract';
import { apiPost } from '../../../lib/api';

/** POST /api/auth/sampling/add: book a home pickup (type 1). */
export const addSampling = (body: SamplingAddBody) => apiPost<Sampling>('/api/auth/sampling/add', { ...body });
