import type { adminGrowth as table } from '@lab/contract/growth/admin-calls';
import routes from 'virtual:calls/adminGrowth';
import { bindStaffCalls } from '../../../api/staff-client';

/** 后台 → 推广与积分设置 */
export const adminGrowth = bindStaffCalls<typeof table>(routes);
