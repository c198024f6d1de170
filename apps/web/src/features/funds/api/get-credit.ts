import { queryOptions, useQuery } from '@tanstack/react-query';
import { funds } from './funds';
import { fundsKeys } from '../../../api/query-keys';

/** POST /api/auth/creditApply/info: my credit line and applications. */
export const getCredit = () => funds.creditInfo();

export const creditQueryOptions = () => queryOptions({ queryKey: fundsKeys.credit, queryFn: getCredit });

export const useCredit = (enabled = true) => useQuery({ ...creditQueryOptions(), enabled });
