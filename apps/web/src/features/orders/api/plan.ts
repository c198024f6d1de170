import type { plan as table } from '@lab/contract/orders/plan-calls';
import routes from 'virtual:calls/plan';
import { bindCalls } from '../../../api/client';

/** 实验计划 (tempDevice) */
export const plan = bindCalls<typeof table>(routes);
