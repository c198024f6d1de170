import type { adminFunds as table } from '@lab/contract/calls/admin-funds';
import routes from 'virtual:calls/adminFunds';
import { bindCalls } from './client';

/** 后台 → 财务管理 */
export const adminFunds = bindCalls<typeof table>(routes);
