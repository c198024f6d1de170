import { queryOptions, useQuery } from '@tanstack/react-query';
import { funds } from '../funds';
import { fundsKeys } from '../../../../api/query-keys';

/** POST /api/auth/discount4user/list4all: coupons I can claim now. */
export const listClaimable = () => funds.claimableCoupons();

export const claimableQueryOptions = () => queryOptions({ queryKey: fundsKeys.claimable, queryFn: listClaimable });

export const useClaimable = () => useQuery(claimableQueryOptions());
