import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { Page, Withdrawal } from '@lab/contract';
import { apiPost } from '../../../lib/api';
import { promotionKeys } from './keys';

/** POST /api/auth/promoter_rebate_withdraw/list: my withdrawal requests, newest first. */
export const listWithdrawals = (page: number, pageSize = 10) => apiPost<Page<Withdrawal>>('/api/auth/promoter_rebate_withdraw/list', { page, pageSize });

export const useWithdrawals = (page: number, pageSize = 10) =>
  useQuery({ queryKey: [...promotionKeys.withdrawals, page, pageSize], queryFn: () => listWithdrawals(page, pageSize), placeholderData: keepPreviousData });
