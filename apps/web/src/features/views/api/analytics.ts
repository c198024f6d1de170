import type { analytics as table } from '@lab/contract/views/analytics-calls';
import routes from 'virtual:calls/analytics';
import { bindStaffCalls } from '../../../api/staff-client';

/** 运营分析 and 大仪考核 */
export const analytics = bindStaffCalls<typeof table>(routes);
