import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { adminCustomers } from './customers';
import { customerKeys } from './keys';

export interface PageArgs {
  page: number;
  pageSize: number;
}

/** One member's orders, newest first. */
export const memberOrdersQueryOptions = (rid: string, query: PageArgs) =>
  queryOptions({ queryKey: customerKeys.memberOrders(rid, query), queryFn: () => adminCustomers.orders({ rid, ...query }), placeholderData: keepPreviousData });

export const useMemberOrders = (rid: string, query: PageArgs) => useQuery(memberOrdersQueryOptions(rid, query));
