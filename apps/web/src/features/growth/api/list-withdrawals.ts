import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { promotionKeys } from './promotion-keys';
import { promotion } from './promotion';

/** POST /api/auth/promoter_rebate_withdraw/list: my withdrawal requests, newest first. */
export const listWithdrawals = (page: number, pageSize = 10) => promotion.withdrawals({ page, pageSize });

export const useWithdrawals = (page: number, pageSize = 10) =>
  useQuery({ queryKey: [...promotionKeys.withdrawals, page, pageSize], queryFn: () => listWithdrawals(page, pageSize), placeholderData: keepPreviousData });
