import { queryOptions, useQuery } from '@tanstack/react-query';
import { profile } from '../../member/api/profile';
import { memberKeys } from '../../../api/query-keys';

/** The member centre's figures. */
export const memberHomeQueryOptions = () => queryOptions({ queryKey: memberKeys.home, queryFn: () => profile.home() });

export const useMemberHome = () => useQuery(memberHomeQueryOptions());
