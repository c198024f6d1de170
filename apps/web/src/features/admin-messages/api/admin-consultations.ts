import type { adminConsultations as table } from '@lab/contract/messages/admin-consultation-calls';
import routes from 'virtual:calls/adminConsultations';
import { bindStaffCalls } from '../../../api/staff-client';

/** 后台 → 访客咨询 */
export const adminConsultations = bindStaffCalls<typeof table>(routes);
