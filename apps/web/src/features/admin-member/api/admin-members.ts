import type { adminMembers as table } from '@lab/contract/member/admin-calls';
import routes from 'virtual:calls/adminMembers';
import { bindStaffCalls } from '../../../api/staff-client';

/** 后台 → 会员（客户经理；财务只读） */
export const adminMembers = bindStaffCalls<typeof table>(routes);
