import type { adminContent as table } from '@lab/contract/calls/admin-content';
import routes from 'virtual:calls/adminContent';
import { bindStaffCalls } from '../../../api/staff-client';

/** 后台 → 内容管理 */
export const adminContent = bindStaffCalls<typeof table>(routes);
