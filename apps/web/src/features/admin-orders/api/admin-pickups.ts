import type { adminPickups as table } from '@lab/contract/orders/sampling-calls';
import routes from 'virtual:calls/adminPickups';
import { bindStaffCalls } from '../../../api/staff-client';

/** 后台 → 上门取样（实验员、客户经理） */
export const adminPickups = bindStaffCalls<typeof table>(routes);
