import type { CommunitySummary } from '@lab/contract';
import { apiPost } from '../../../lib/api';

/** POST /api/auth/cluster/apply */
export const applyCommunity = (rid: string, message: string) => apiPost<CommunitySummary>('/api/auth/cluster/apply', { rid, message: message || undefined });
