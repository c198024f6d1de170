import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { AdminMemberOrder, Page } from '@lab/contract';
import { adminPost } from '../../../lib/admin-api';
import { customerKeys } from './keys';

export interface PageArgs {
  page: number;
  pageSize: number;
}

/** POST /api/admin/member/orders — one member's orders, newest first. */
export const listMemberOrders = (rid: string, query: PageArgs) => adminPost<Page<AdminMemberOrder>>('/api/admin/member/orders', { rid, ...query });

export const memberOrdersQueryOptions = (rid: string, query: PageArgs) =>
  queryOptions({ queryKey: customerKeys.memberOrders(rid, query), queryFn: () => listMemberOrders(rid, query), placeholderData: keepPreviousData });

export const useMemberOrders = (rid: string, query: PageArgs) => useQuery(memberOrdersQueryOptions(rid, query));
