import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { AdminIssuedCoupon, Page } from '@lab/contract';
import type { TableQuery } from '../../../components/admin/use-server-table';
import { adminPost } from '../../../lib/admin-api';
import { financeKeys } from './keys';

/** POST /api/admin/funds/coupon/issued — coupons members hold, issued by staff or claimed. */
export const listIssuedCoupons = (query: TableQuery) => adminPost<Page<AdminIssuedCoupon>>('/api/admin/funds/coupon/issued', { ...query });

export const issuedCouponsQueryOptions = (query: TableQuery) => queryOptions({ queryKey: financeKeys.issuedCoupons(query), queryFn: () => listIssuedCoupons(query), placeholderData: keepPreviousData });

export const useIssuedCoupons = (query: TableQuery) => useQuery(issuedCouponsQueryOptions(query));
