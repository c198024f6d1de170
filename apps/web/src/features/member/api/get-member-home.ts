import { queryOptions, useQuery } from '@tanstack/react-query';
import type { MemberHomeData } from '@lab/contract';
import { apiPost } from '../../../lib/api';
import { memberKeys } from '../../../components/member/member-keys';

/** POST /api/auth/web/home/data: the member centre's figures. */
export const getMemberHome = () => apiPost<MemberHomeData>('/api/auth/web/home/data');

export const memberHomeQueryOptions = () => queryOptions({ queryKey: memberKeys.home, queryFn: getMemberHome });

export const useMemberHome = () => useQuery(memberHomeQueryOptions());
