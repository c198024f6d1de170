import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { Contract, ContractStatus, Page } from '@lab/contract';
import { apiPost } from '../../../lib/api';
import { requirementKeys } from './keys';

/** POST /api/auth/contract/list: the lab's contracts and my orders' testing agreements. */
export const listContracts = (page: number, pageSize: number, status?: ContractStatus) =>
  apiPost<Page<Contract>>('/api/auth/contract/list', { page, pageSize, status });

export const useContracts = (page: number, pageSize: number, status?: ContractStatus) =>
  useQuery({
    queryKey: [...requirementKeys.contracts, page, pageSize, status ?? ''],
    queryFn: () => listContracts(page, pageSize, status),
    placeholderData: keepPreviousData,
  });
