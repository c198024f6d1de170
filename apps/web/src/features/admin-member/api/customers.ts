import type { adminCustomers as table } from '@lab/contract/views/customers-calls';
import routes from 'virtual:calls/adminCustomers';
import { bindStaffCalls } from '../../../api/staff-client';

/** 后台 → 会员: the list and one member's file (a view over several areas; 客户经理，财务只读) */
export const adminCustomers = bindStaffCalls<typeof table>(routes);
