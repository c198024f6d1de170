import type { CommunityMember } from '@lab/contract';
import { apiPost } from '../../../lib/api';

/** POST /api/auth/cluster/add4user (owner) */
export const addMember = (rid: string, memberRid: string) => apiPost<CommunityMember[]>('/api/auth/cluster/add4user', { rid, member_rid: memberRid });
