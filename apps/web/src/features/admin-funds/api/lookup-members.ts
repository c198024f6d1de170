import { queryOptions, useQuery } from '@tanstack/react-query';
import { adminFunds } from './admin-funds';
import { financeKeys } from './keys';

/** POST /api/admin/funds/member/lookup — up to ten members by phone (or its beginning) or name. */
export const lookupMembers = (keyword: string) => adminFunds.memberLookup({ keyword });

export const memberLookupQueryOptions = (keyword: string) => queryOptions({ queryKey: financeKeys.memberLookup(keyword), queryFn: () => lookupMembers(keyword), staleTime: 60_000 });

/** Asks only once something was typed. */
export const useMemberLookup = (keyword: string) => useQuery({ ...memberLookupQueryOptions(keyword), enabled: keyword.trim().length > 0 });
