import type { WithdrawMethod } from '@lab/contract';
import { promotion } from './promotion';

export interface WithdrawalForm {
  /** yuan text ('120.50'); the server parses it exactly */
  amount: string;
  method: WithdrawMethod;
  account_name?: string | undefined;
  bank_name?: string | undefined;
  bank_account?: string | undefined;
}

/** POST /api/auth/promoter_rebate_withdraw/add: withdraw part of the withdrawable rebates. */
export const addWithdrawal = (body: WithdrawalForm) => promotion.withdraw(body);
