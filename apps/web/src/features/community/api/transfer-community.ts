import type { CommunitySummary } from '@lab/contract';
import { apiPost } from '../../../lib/api';

/** POST /api/auth/cluster/transfer (owner): hand the community to an approved member. */
export const transferCommunity = (rid: string, memberRid: string) => apiPost<CommunitySummary>('/api/auth/cluster/transfer', { rid, member_rid: memberRid });
