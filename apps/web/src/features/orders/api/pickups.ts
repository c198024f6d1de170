import type { pickups as table } from '@lab/contract/orders/sampling-calls';
import routes from 'virtual:calls/pickups';
import { bindCalls } from '../../../api/client';

/** 个人中心 → 上门取样 */
export const pickups = bindCalls<typeof table>(routes);
