import type { staff as table } from '@lab/contract/accounts/staff-calls';
import routes from 'virtual:calls/staff';
import { bindStaffCalls } from '../../../api/staff-client';

/** 系统管理 → 员工账号；员工姓名 */
export const staff = bindStaffCalls<typeof table>(routes);
