import type { adminAgreements as table } from '@lab/contract/content/agreement-calls';
import routes from 'virtual:calls/adminAgreements';
import { bindStaffCalls } from '../../../api/staff-client';

/** 后台 → 协议管理 (admin) */
export const adminAgreements = bindStaffCalls<typeof table>(routes);
