import { queryOptions, useQuery } from '@tanstack/react-query';
import type { CreditInfo } from '@lab/contract';
import { apiPost } from '../../../lib/api';
import { fundsKeys } from './keys';

/** POST /api/auth/creditApply/info: my credit line and applications. */
export const getCredit = () => apiPost<CreditInfo>('/api/auth/creditApply/info');

export const creditQueryOptions = () => queryOptions({ queryKey: fundsKeys.credit, queryFn: getCredit });

export const useCredit = (enabled = true) => useQuery({ ...creditQueryOptions(), enabled });
