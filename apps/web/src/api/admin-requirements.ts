import type { adminRequirements as table } from '@lab/contract/calls/requirements';
import routes from 'virtual:calls/adminRequirements';
import { bindCalls } from './client';

/** 后台 → 测试需求 */
export const adminRequirements = bindCalls<typeof table>(routes);
