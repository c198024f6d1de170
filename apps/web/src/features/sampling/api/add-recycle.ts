import type { RecycleAddBody, RecycleRequest } from '@lab/contract';
import { apiPost } from '../../../lib/api';

/** POST /api/auth/sample4recycle/add: ask for the samples back. */
export const addRecycle = (body: RecycleAddBody) => apiPost<RecycleRequest>('/api/auth/sample4recycle/add', { ...body });
