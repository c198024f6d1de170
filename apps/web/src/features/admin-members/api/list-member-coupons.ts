import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { MemberCoupon, Page } from '@lab/contract';
import { adminPost } from '../../../lib/admin-api';
import { customerKeys } from './keys';
import type { PageArgs } from './list-member-orders';

/** POST /api/admin/member/coupons — one member's coupons, any status. */
export const listMemberCoupons = (rid: string, query: PageArgs) => adminPost<Page<MemberCoupon>>('/api/admin/member/coupons', { rid, ...query });

export const memberCouponsQueryOptions = (rid: string, query: PageArgs) =>
  queryOptions({ queryKey: customerKeys.memberCoupons(rid, query), queryFn: () => listMemberCoupons(rid, query), placeholderData: keepPreviousData });

export const useMemberCoupons = (rid: string, query: PageArgs) => useQuery(memberCouponsQueryOptions(rid, query));
