import { queryOptions, useQuery } from '@tanstack/react-query';
import { adminMembers } from './admin-members';
import { customerKeys } from './keys';

/** One member's whole picture. */
export const memberQueryOptions = (rid: string) => queryOptions({ queryKey: customerKeys.member(rid), queryFn: () => adminMembers.detail({ rid }) });

export const useMember = (rid: string) => useQuery(memberQueryOptions(rid));
