import { queryOptions, useQuery } from '@tanstack/react-query';
import { funds } from '../../funds/api/funds';
import { fundsKeys } from '../../../api/query-keys';

/** POST /api/auth/discount4user/all (status unused): the coupons the order form offers. */
export const listUnusedCoupons = () => funds.myCoupons({ status: 'unused', page: 1, pageSize: 100 });

export const useUnusedCoupons = () =>
  useQuery(queryOptions({ queryKey: fundsKeys.orderFormCoupons, queryFn: listUnusedCoupons }));
