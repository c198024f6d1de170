import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { AdminPartnerApplication, Page } from '@lab/contract';
import type { TableQuery } from '../../../components/admin/use-server-table';
import { adminPost } from '../../../lib/admin-api';
import { customerKeys } from './keys';

/** POST /api/admin/growth/partner/list — 推广合伙人 applications by status, newest first. */
export const listPartners = (query: TableQuery) => adminPost<Page<AdminPartnerApplication>>('/api/admin/growth/partner/list', { ...query });

export const partnersQueryOptions = (query: TableQuery) =>
  queryOptions({ queryKey: customerKeys.partners(query), queryFn: () => listPartners(query), placeholderData: keepPreviousData });

export const usePartners = (query: TableQuery) => useQuery(partnersQueryOptions(query));
