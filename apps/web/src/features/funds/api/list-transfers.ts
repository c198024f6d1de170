import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { Page, TransferApplication } from '@lab/contract';
import { apiPost } from '../../../lib/api';
import { fundsKeys } from './keys';

/** POST /api/auth/transferApply/list: transfers between me and my communities. */
export const listTransfers = (page: number) => apiPost<Page<TransferApplication>>('/api/auth/transferApply/list', { page, pageSize: 10 });

export const transfersQueryOptions = (page: number) =>
  queryOptions({ queryKey: [...fundsKeys.transfers, page], queryFn: () => listTransfers(page), placeholderData: keepPreviousData });

export const useTransfers = (page: number) => useQuery(transfersQueryOptions(page));
