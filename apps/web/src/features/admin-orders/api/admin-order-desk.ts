import type { adminOrderDesk as table } from '@lab/contract/orders/admin-calls';
import routes from 'virtual:calls/adminOrderDesk';
import { bindStaffCalls } from '../../../api/staff-client';

/** 后台 → 订单管理：回访、数据通知、样品标签、上门取样日历、样品回寄 */
export const adminOrderDesk = bindStaffCalls<typeof table>(routes);
