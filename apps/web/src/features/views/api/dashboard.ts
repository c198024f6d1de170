import type { dashboard as table } from '@lab/contract/views/dashboard-calls';
import routes from 'virtual:calls/dashboard';
import { bindStaffCalls } from '../../../api/staff-client';

/** 工作台 */
export const dashboard = bindStaffCalls<typeof table>(routes);
