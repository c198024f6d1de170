import type { adminContracts as table } from '@lab/contract/orders/contract-calls';
import routes from 'virtual:calls/adminContracts';
import { bindStaffCalls } from '../../../api/staff-client';

/** 后台 → 合同管理 */
export const adminContracts = bindStaffCalls<typeof table>(routes);
