import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { TableQuery } from '../../../components/admin/use-server-table';
import { adminPrivacy } from './admin-privacy';
import { privacyKeys } from './keys';

/** Accounts the members closed themselves, newest first (read-only). */
export const closuresQueryOptions = (query: TableQuery) =>
  queryOptions({ queryKey: privacyKeys.closures(query), queryFn: () => adminPrivacy.closures(query as Parameters<typeof adminPrivacy.closures>[0]), placeholderData: keepPreviousData });

export const useClosures = (query: TableQuery) => useQuery(closuresQueryOptions(query));
