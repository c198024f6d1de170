import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { Page, Requirement, RequirementStatus } from '@lab/contract';
import { apiPost } from '../../../lib/api';
import { requirementKeys } from './keys';

/** POST /api/auth/demand/list: my posted requirements with the lab's quotes, newest first. */
export const listRequirements = (page: number, pageSize: number, status?: RequirementStatus) =>
  apiPost<Page<Requirement>>('/api/auth/demand/list', { page, pageSize, status });

export const useRequirements = (page: number, pageSize: number, status?: RequirementStatus) =>
  useQuery({
    queryKey: [...requirementKeys.requirements, page, pageSize, status ?? ''],
    queryFn: () => listRequirements(page, pageSize, status),
    placeholderData: keepPreviousData,
  });
