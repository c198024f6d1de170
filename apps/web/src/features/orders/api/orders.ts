import type { orders as table } from '@lab/contract/orders/calls';
import routes from 'virtual:calls/orders';
import { bindCalls } from '../../../api/client';

/** 个人中心 → 我的订单 */
export const orders = bindCalls<typeof table>(routes);
