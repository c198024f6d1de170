import type { adminContent as table } from '@lab/contract/content/admin-calls';
import routes from 'virtual:calls/adminContent';
import { bindStaffCalls } from '../../../api/staff-client';

/** 后台 → 内容管理 */
export const adminContent = bindStaffCalls<typeof table>(routes);
