import type { adminAttestations as table } from '@lab/contract/member/admin-calls';
import routes from 'virtual:calls/adminAttestations';
import { bindStaffCalls } from '../../../api/staff-client';

/** 后台 → 资料认证审核 */
export const adminAttestations = bindStaffCalls<typeof table>(routes);
