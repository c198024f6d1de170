import type { recycles as table } from '@lab/contract/orders/sampling-calls';
import routes from 'virtual:calls/recycles';
import { bindCalls } from '../../../api/client';

/** 个人中心 → 样品回收 */
export const recycles = bindCalls<typeof table>(routes);
