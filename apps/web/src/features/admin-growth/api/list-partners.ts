import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { TableQuery } from '../../../components/admin/use-server-table';
import { growthKeys } from './keys';
import { adminPromotion } from './admin-promotion';

/** POST /api/admin/growth/partner/list — 推广合伙人 applications by status, newest first. */
export const listPartners = (query: TableQuery) => adminPromotion.partners(query);

export const partnersQueryOptions = (query: TableQuery) =>
  queryOptions({ queryKey: growthKeys.partners(query), queryFn: () => listPartners(query), placeholderData: keepPreviousData });

export const usePartners = (query: TableQuery) => useQuery(partnersQueryOptions(query));
