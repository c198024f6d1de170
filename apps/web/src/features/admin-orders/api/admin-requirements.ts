import type { adminRequirements as table } from '@lab/contract/orders/requirement-calls';
import routes from 'virtual:calls/adminRequirements';
import { bindStaffCalls } from '../../../api/staff-client';

/** 后台 → 测试需求 */
export const adminRequirements = bindStaffCalls<typeof table>(routes);
