import type { adminOrders as table } from '@lab/contract/orders/admin-calls';
import routes from 'virtual:calls/adminOrders';
import { bindStaffCalls } from '../../../api/staff-client';

/** 后台 → 订单管理：订单与进度、报告文件 */
export const adminOrders = bindStaffCalls<typeof table>(routes);
