import { queryOptions, useQuery } from '@tanstack/react-query';
import { memberHome } from './member-home';
import { memberKeys } from '../../../api/query-keys';

/** The member centre's figures. */
export const memberHomeQueryOptions = () => queryOptions({ queryKey: memberKeys.home, queryFn: () => memberHome.home() });

export const useMemberHome = () => useQuery(memberHomeQueryOptions());
