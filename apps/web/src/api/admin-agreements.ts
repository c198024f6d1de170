import type { adminAgreements as table } from '@lab/contract/calls/agreements';
import routes from 'virtual:calls/adminAgreements';
import { bindStaffCalls } from './staff-client';

/** 后台 → 协议管理 (admin), and a member's consent history (客户经理, 财务) */
export const adminAgreements = bindStaffCalls<typeof table>(routes);
