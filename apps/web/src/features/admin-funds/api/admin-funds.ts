import type { adminFunds as table } from '@lab/contract/funds/admin-calls';
import routes from 'virtual:calls/adminFunds';
import { bindStaffCalls } from '../../../api/staff-client';

/** 后台 → 财务管理 */
export const adminFunds = bindStaffCalls<typeof table>(routes);
