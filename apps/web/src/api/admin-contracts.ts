import type { adminContracts as table } from '@lab/contract/calls/contracts';
import routes from 'virtual:calls/adminContracts';
import { bindCalls } from './client';

/** 后台 → 合同管理 */
export const adminContracts = bindCalls<typeof table>(routes);
