import type { adminPromotion as table } from '@lab/contract/growth/admin-promotion-calls';
import routes from 'virtual:calls/adminPromotion';
import { bindStaffCalls } from '../../../api/staff-client';

/** 后台 → 推广合伙人申请, 返利提现 */
export const adminPromotion = bindStaffCalls<typeof table>(routes);
