import type { PrestoreApplication } from '@lab/contract';
import { apiPost } from '../../../lib/api';

/** POST /api/auth/prestoreApply/cancel — pending only. */
export const cancelPrestore = (rid: string) => apiPost<PrestoreApplication>('/api/auth/prestoreApply/cancel', { rid });
