import type { adminPoints as table } from '@lab/contract/growth/admin-points-calls';
import routes from 'virtual:calls/adminPoints';
import { bindStaffCalls } from '../../../api/staff-client';

/** 后台 → 论文致谢奖励, 积分兑换 */
export const adminPoints = bindStaffCalls<typeof table>(routes);
