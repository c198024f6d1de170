import type { promotion as table } from '@lab/contract/growth/promotion-calls';
import routes from 'virtual:calls/promotion';
import { bindCalls } from '../../../api/client';

/** 个人中心 → 推广合伙人 */
export const promotion = bindCalls<typeof table>(routes);
