import type { adminCommunities as table } from '@lab/contract/member/admin-calls';
import routes from 'virtual:calls/adminCommunities';
import { bindStaffCalls } from '../../../api/staff-client';

/** 后台 → 科研团体审核 */
export const adminCommunities = bindStaffCalls<typeof table>(routes);
