import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { ContractStatus } from '@lab/contract';
import { contracts } from './contracts';
import { requirementKeys } from './requirements-keys';

/** The lab's contracts and my orders' testing agreements. */
export const listContracts = (page: number, pageSize: number, status?: ContractStatus) => contracts.list({ page, pageSize, status });

export const useContracts = (page: number, pageSize: number, status?: ContractStatus) =>
  useQuery({
    queryKey: [...requirementKeys.contracts, page, pageSize, status ?? ''],
    queryFn: () => listContracts(page, pageSize, status),
    placeholderData: keepPreviousData,
  });
