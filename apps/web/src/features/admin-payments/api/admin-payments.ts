import type { adminPayments as table } from '@lab/contract/payments/admin-calls';
import routes from 'virtual:calls/adminPayments';
import { bindStaffCalls } from '../../../api/staff-client';

/** 后台 → 财务管理 → 在线支付, 退款记录, 对账 */
export const adminPayments = bindStaffCalls<typeof table>(routes);
