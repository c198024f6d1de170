import type { approvals as table } from '@lab/contract/approvals/calls';
import routes from 'virtual:calls/approvals';
import { bindStaffCalls } from '../../../api/staff-client';

/** 待审批与审批额度 */
export const approvals = bindStaffCalls<typeof table>(routes);
