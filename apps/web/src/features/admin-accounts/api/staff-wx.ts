import type { staffWx as table } from '@lab/contract/accounts/staff-wx-calls';
import routes from 'virtual:calls/staffWx';
import { bindStaffCalls } from '../../../api/staff-client';
import { adminKey } from '../../../lib/admin-api';

/** 微信提醒: the staff member's own WeChat for the promise alerts */
export const staffWx = bindStaffCalls<typeof table>(routes);
export const staffWxKey = [...adminKey, 'wx-binding'] as const;
