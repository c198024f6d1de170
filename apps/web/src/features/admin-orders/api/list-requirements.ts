import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { TableQuery } from '../../../components/admin/use-server-table';
import { adminRequirements } from './admin-requirements';
import { requirementKeys } from './keys';

/** 测试需求 by status, newest first. */
export const listRequirements = (query: TableQuery) => adminRequirements.list({ ...query });

export const requirementsQueryOptions = (query: TableQuery) =>
  queryOptions({ queryKey: requirementKeys.requirements(query), queryFn: () => listRequirements(query), placeholderData: keepPreviousData });

export const useRequirements = (query: TableQuery) => useQuery(requirementsQueryOptions(query));
