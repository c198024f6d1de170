import type { approvals as table } from '@lab/contract/calls/approvals';
import routes from 'virtual:calls/approvals';
import { bindCalls } from './client';

/** 待审批与审批额度 */
export const approvals = bindCalls<typeof table>(routes);
