import type { adminAnnouncements as table } from '@lab/contract/calls/admin-announcements';
import routes from 'virtual:calls/adminAnnouncements';
import { bindCalls } from './client';

/** 后台 → 站内公告 */
export const adminAnnouncements = bindCalls<typeof table>(routes);
