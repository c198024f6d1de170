import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { RequirementStatus } from '@lab/contract';
import { requirements } from './requirements';
import { requirementKeys } from './requirements-keys';

/** My posted requirements with the lab's quotes, newest first. */
export const listRequirements = (page: number, pageSize: number, status?: RequirementStatus) => requirements.list({ page, pageSize, status });

export const useRequirements = (page: number, pageSize: number, status?: RequirementStatus) =>
  useQuery({
    queryKey: [...requirementKeys.requirements, page, pageSize, status ?? ''],
    queryFn: () => listRequirements(page, pageSize, status),
    placeholderData: keepPreviousData,
  });
