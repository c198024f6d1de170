import type { adminPrivacy as table } from '@lab/contract/privacy/calls';
import routes from 'virtual:calls/adminPrivacy';
import { bindStaffCalls } from '../../../api/staff-client';

/** 后台 → 注销记录 (read-only) */
export const adminPrivacy = bindStaffCalls<typeof table>(routes);
