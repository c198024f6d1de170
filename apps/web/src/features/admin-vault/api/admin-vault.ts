import type { adminVault as table } from '@lab/contract/vault/calls';
import routes from 'virtual:calls/adminVault';
import { bindStaffCalls } from '../../../api/staff-client';

/** 实验室 → 原始数据上传 */
export const adminVault = bindStaffCalls<typeof table>(routes);
