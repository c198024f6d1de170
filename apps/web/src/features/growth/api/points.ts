import type { points as table } from '@lab/contract/growth/points-calls';
import routes from 'virtual:calls/points';
import { bindCalls } from '../../../api/client';

/** 个人中心 → 我的积分 */
export const points = bindCalls<typeof table>(routes);
