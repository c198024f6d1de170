import { queryOptions, useQuery } from '@tanstack/react-query';
import { adminCustomers } from './customers';
import { customerKeys } from './keys';

/** One member's whole picture. */
export const memberQueryOptions = (rid: string) => queryOptions({ queryKey: customerKeys.member(rid), queryFn: () => adminCustomers.detail({ rid }) });

export const useMember = (rid: string) => useQuery(memberQueryOptions(rid));
