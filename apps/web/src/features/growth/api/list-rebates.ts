import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { RebateStatus } from '@lab/contract';
import { promotionKeys } from './promotion-keys';
import { promotion } from './promotion';

/** POST /api/auth/promoter_rebate/list: my rebates, newest first, optionally of one status. */
export const listRebates = (page: number, status?: RebateStatus, pageSize = 10) => promotion.rebates({ page, pageSize, status });

export const useRebates = (page: number, status?: RebateStatus, pageSize = 10) =>
  useQuery({ queryKey: [...promotionKeys.rebates, page, status ?? '', pageSize], queryFn: () => listRebates(page, status, pageSize), placeholderData: keepPreviousData });
