import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { funds } from './funds';
import { fundsKeys } from '../../../api/query-keys';

/** POST /api/auth/transferApply/list: transfers between me and my communities. */
export const listTransfers = (page: number) => funds.transferList({ page, pageSize: 10 });

export const transfersQueryOptions = (page: number) =>
  queryOptions({ queryKey: [...fundsKeys.transfers, page], queryFn: () => listTransfers(page), placeholderData: keepPreviousData });

export const useTransfers = (page: number) => useQuery(transfersQueryOptions(page));
