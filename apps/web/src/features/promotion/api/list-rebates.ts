import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { Page, Rebate, RebateStatus } from '@lab/contract';
import { apiPost } from '../../../lib/api';
import { promotionKeys } from './keys';

/** POST /api/auth/promoter_rebate/list: my rebates, newest first, optionally of one status. */
export const listRebates = (page: number, status?: RebateStatus, pageSize = 10) =>
  apiPost<Page<Rebate>>('/api/auth/promoter_rebate/list', { page, pageSize, status });

export const useRebates = (page: number, status?: RebateStatus, pageSize = 10) =>
  useQuery({ queryKey: [...promotionKeys.rebates, page, status ?? '', pageSize], queryFn: () => listRebates(page, status, pageSize), placeholderData: keepPreviousData });
