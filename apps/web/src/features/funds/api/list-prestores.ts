import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { Page, PrestoreApplication, PrestoreStatus } from '@lab/contract';
import { apiPost } from '../../../lib/api';
import { fundsKeys } from './keys';

/** POST /api/auth/prestore/list: my top-up applications, newest first. */
export const listPrestores = (page: number, pageSize = 10, status?: PrestoreStatus) =>
  apiPost<Page<PrestoreApplication>>('/api/auth/prestore/list', { page, pageSize, status });

export const prestoresQueryOptions = (page: number, pageSize = 10, status?: PrestoreStatus) =>
  queryOptions({ queryKey: [...fundsKeys.prestores, page, pageSize, status ?? ''], queryFn: () => listPrestores(page, pageSize, status), placeholderData: keepPreviousData });

export const usePrestores = (page: number, pageSize = 10, status?: PrestoreStatus) => useQuery(prestoresQueryOptions(page, pageSize, status));
