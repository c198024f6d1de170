import { queryOptions, useQuery } from '@tanstack/react-query';
import type { MemberFundsFigures, MemberHomeData } from '@lab/contract';
import { apiPost } from '../../../lib/api';
import { memberKeys } from '../../../components/member/member-keys';

/** the counts, plus the money figures once the funds module answers them */
export type MemberHome = MemberHomeData & Partial<MemberFundsFigures>;

/** POST /api/auth/web/home/data: the member centre's figures. */
export const getMemberHome = () => apiPost<MemberHome>('/api/auth/web/home/data');

export const memberHomeQueryOptions = () => queryOptions({ queryKey: memberKeys.home, queryFn: getMemberHome });

export const useMemberHome = () => useQuery(memberHomeQueryOptions());
