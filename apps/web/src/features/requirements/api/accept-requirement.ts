import type { Requirement } from '@lab/contract';
import { apiPost } from '../../../lib/api';

/** POST /api/auth/demand/accept: the quote's lines go into the experiment plan. */
export const acceptRequirement = (rid: string) => apiPost<Requirement>('/api/auth/demand/accept', { rid });
