import type { CommunityUserHit } from '@lab/contract';
import { apiPost } from '../../../lib/api';

/** POST /api/auth/cluster/search4user (owner): a member by phone, masked. */
export const searchUser = (rid: string, phone: string) => apiPost<CommunityUserHit>('/api/auth/cluster/search4user', { rid, phone });
