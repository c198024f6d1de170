import type { adminGrowth as table } from '@lab/contract/calls/admin-growth';
import routes from 'virtual:calls/adminGrowth';
import { bindStaffCalls } from '../../../api/staff-client';

/** 后台 → 推广与积分设置 */
export const adminGrowth = bindStaffCalls<typeof table>(routes);
