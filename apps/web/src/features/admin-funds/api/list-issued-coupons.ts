import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { TableQuery } from '../../../components/admin/use-server-table';
import { adminFunds } from './admin-funds';
import { financeKeys } from './keys';

/** POST /api/admin/funds/coupon/issued — coupons members hold, issued by staff or claimed. (the sort is the URL's text; the server checks it) */
export const listIssuedCoupons = (query: TableQuery) => adminFunds.couponIssued(query as Parameters<typeof adminFunds.couponIssued>[0]);

export const issuedCouponsQueryOptions = (query: TableQuery) => queryOptions({ queryKey: financeKeys.issuedCoupons(query), queryFn: () => listIssuedCoupons(query), placeholderData: keepPreviousData });

export const useIssuedCoupons = (query: TableQuery) => useQuery(issuedCouponsQueryOptions(query));
