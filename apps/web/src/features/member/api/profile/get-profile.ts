import { queryOptions, useQuery } from '@tanstack/react-query';
import { profile } from '../profile';
import { memberKeys } from '../../../../api/query-keys';

/** The attestation as stored. */
export const profileQueryOptions = () => queryOptions({ queryKey: memberKeys.profile, queryFn: () => profile.detail() });

export const useProfile = () => useQuery(profileQueryOptions());
