import type { adminPromotion as table } from '@lab/contract/calls/admin-promotion';
import routes from 'virtual:calls/adminPromotion';
import { bindCalls } from './client';

/** 后台 → 推广合伙人申请, 返利提现 */
export const adminPromotion = bindCalls<typeof table>(routes);
