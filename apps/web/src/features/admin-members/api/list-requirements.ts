import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { AdminRequirement, Page } from '@lab/contract';
import type { TableQuery } from '../../../components/admin/use-server-table';
import { adminPost } from '../../../lib/admin-api';
import { customerKeys } from './keys';

/** POST /api/admin/demand/list — 测试需求 by status, newest first. */
export const listRequirements = (query: TableQuery) => adminPost<Page<AdminRequirement>>('/api/admin/demand/list', { ...query });

export const requirementsQueryOptions = (query: TableQuery) =>
  queryOptions({ queryKey: customerKeys.requirements(query), queryFn: () => listRequirements(query), placeholderData: keepPreviousData });

export const useRequirements = (query: TableQuery) => useQuery(requirementsQueryOptions(query));
