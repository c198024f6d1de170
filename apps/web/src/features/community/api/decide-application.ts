import type { CommunityMember } from '@lab/contract';
import { apiPost } from '../../../lib/api';

/** POST /api/auth/cluster/agree (owner): agree 1 accepts, 0 refuses. */
export const decideApplication = (rid: string, memberRid: string, agree: boolean) =>
  apiPost<CommunityMember[]>('/api/auth/cluster/agree', { rid, member_rid: memberRid, agree: agree ? '1' : '0' });
