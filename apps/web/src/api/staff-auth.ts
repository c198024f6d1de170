import type { staffAuth as table } from '@lab/contract/calls/staff-auth';
import routes from 'virtual:calls/staffAuth';
import { bindCalls } from './client';

/** 员工登录、第二步验证、当前员工 */
export const staffAuth = bindCalls<typeof table>(routes);
