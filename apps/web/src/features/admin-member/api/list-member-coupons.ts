import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { adminCustomers } from './customers';
import { customerKeys } from './keys';
import type { PageArgs } from './list-member-orders';

/** One member's coupons, any status. */
export const memberCouponsQueryOptions = (rid: string, query: PageArgs) =>
  queryOptions({ queryKey: customerKeys.memberCoupons(rid, query), queryFn: () => adminCustomers.coupons({ rid, ...query }), placeholderData: keepPreviousData });

export const useMemberCoupons = (rid: string, query: PageArgs) => useQuery(memberCouponsQueryOptions(rid, query));
