import type { adminOrders as table } from '@lab/contract/calls/admin-orders';
import routes from 'virtual:calls/adminOrders';
import { bindCalls } from './client';

/** 后台 → 订单管理：订单与进度、报告文件 */
export const adminOrders = bindCalls<typeof table>(routes);
