import type { Withdrawal, WithdrawMethod } from '@lab/contract';
import { apiPost } from '../../../lib/api';

/** POST /api/auth/promoter_rebate_withdraw/update4user: a pending request's method and bank account. */
export const updateWithdrawal = (body: { rid: string; method: WithdrawMethod; account_name?: string | undefined; bank_name?: string | undefined; bank_account?: string | undefined }) =>
  apiPost<Withdrawal>('/api/auth/promoter_rebate_withdraw/update4user', { ...body });
