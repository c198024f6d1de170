import type { adminAnnouncements as table } from '@lab/contract/calls/admin-announcements';
import routes from 'virtual:calls/adminAnnouncements';
import { bindStaffCalls } from '../../../api/staff-client';

/** 后台 → 站内公告 */
export const adminAnnouncements = bindStaffCalls<typeof table>(routes);
