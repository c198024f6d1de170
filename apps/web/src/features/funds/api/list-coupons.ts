import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { CouponStatus } from '@lab/contract';
import { funds } from './funds';
import { fundsKeys } from '../../../api/query-keys';

/** POST /api/auth/discount4user/all: my coupons of one status. */
export const listCoupons = (status: CouponStatus, page: number) => funds.myCoupons({ status, page, pageSize: 12 });

export const couponsQueryOptions = (status: CouponStatus, page: number) =>
  queryOptions({ queryKey: [...fundsKeys.coupons, status, page], queryFn: () => listCoupons(status, page), placeholderData: keepPreviousData });

export const useCoupons = (status: CouponStatus, page: number) => useQuery(couponsQueryOptions(status, page));
