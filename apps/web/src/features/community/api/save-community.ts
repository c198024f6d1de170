import type { CommunityAddBody, CommunityEditBody, CommunitySummary } from '@lab/contract';
import { apiPost } from '../../../lib/api';

/** POST /api/auth/cluster/add (teachers), or cluster/edit (owner) when the body carries rid. */
export const saveCommunity = (body: CommunityAddBody | CommunityEditBody) =>
  apiPost<CommunitySummary>('rid' in body ? '/api/auth/cluster/edit' : '/api/auth/cluster/add', { ...body });
