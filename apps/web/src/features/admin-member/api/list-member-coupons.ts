import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { adminMembers } from './admin-members';
import { customerKeys } from './keys';
import type { PageArgs } from './list-member-orders';

/** One member's coupons, any status. */
export const memberCouponsQueryOptions = (rid: string, query: PageArgs) =>
  queryOptions({ queryKey: customerKeys.memberCoupons(rid, query), queryFn: () => adminMembers.coupons({ rid, ...query }), placeholderData: keepPreviousData });

export const useMemberCoupons = (rid: string, query: PageArgs) => useQuery(memberCouponsQueryOptions(rid, query));
