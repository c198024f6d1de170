import type { CommunityMember } from '@lab/contract';
import { apiPost } from '../../../lib/api';

/** POST /api/auth/cluster/delete4user (owner) */
export const removeMember = (rid: string, memberRid: string) => apiPost<CommunityMember[]>('/api/auth/cluster/delete4user', { rid, member_rid: memberRid });
