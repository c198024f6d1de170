import type { MemberProfile, ProfileAttestBody } from '@lab/contract';
import { apiPost } from '../../../lib/api';

/** POST /api/auth/user/update4profile: the 资料认证 (creates the first address when none). */
export const updateProfile = (body: ProfileAttestBody) => apiPost<MemberProfile>('/api/auth/user/update4profile', { ...body });
