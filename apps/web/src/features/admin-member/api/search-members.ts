import { queryOptions, useQuery } from '@tanstack/react-query';
import { listMembers } from './list-members';
import { customerKeys } from './keys';

/** Members for a picker (send a contract to…): the first 20 matching a phone, name or company. */
export const useMemberPicker = (keyword: string) =>
  useQuery(
    queryOptions({
      queryKey: customerKeys.memberPicker(keyword),
      queryFn: () => listMembers({ page: 1, pageSize: 20, keyword }),
      enabled: keyword.trim().length >= 2,
      staleTime: 30_000,
    }),
  );
