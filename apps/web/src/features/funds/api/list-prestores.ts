import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { PrestoreStatus } from '@lab/contract';
import { funds } from './funds';
import { fundsKeys } from '../../../api/query-keys';

/** POST /api/auth/prestore/list: my top-up applications, newest first. */
export const listPrestores = (page: number, pageSize = 10, status?: PrestoreStatus) =>
  funds.prestoreList({ page, pageSize, status });

export const prestoresQueryOptions = (page: number, pageSize = 10, status?: PrestoreStatus) =>
  queryOptions({ queryKey: [...fundsKeys.prestores, page, pageSize, status ?? ''], queryFn: () => listPrestores(page, pageSize, status), placeholderData: keepPreviousData });

export const usePrestores = (page: number, pageSize = 10, status?: PrestoreStatus) => useQuery(prestoresQueryOptions(page, pageSize, status));
