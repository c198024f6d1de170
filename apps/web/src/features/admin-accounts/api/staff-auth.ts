import type { staffAuth as table } from '@lab/contract/accounts/staff-auth-calls';
import routes from 'virtual:calls/staffAuth';
import { bindStaffCalls } from '../../../api/staff-client';

/** 员工登录、第二步验证、当前员工 */
export const staffAuth = bindStaffCalls<typeof table>(routes);
