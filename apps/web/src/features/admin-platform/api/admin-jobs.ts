import type { adminJobs as table } from '@lab/contract/platform/jobs-calls';
import routes from 'virtual:calls/adminJobs';
import { bindStaffCalls } from '../../../api/staff-client';

/** 后台任务设置：未付款订单自动取消天数 */
export const adminJobs = bindStaffCalls<typeof table>(routes);
