import { apiPost } from '../../../lib/api';

/** POST /api/auth/cluster/del (owner): dissolve. */
export const dissolveCommunity = (rid: string) => apiPost<null>('/api/auth/cluster/del', { rid });
