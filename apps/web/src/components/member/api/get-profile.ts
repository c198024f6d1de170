import { queryOptions, useQuery } from '@tanstack/react-query';
import type { MemberProfile } from '@lab/contract';
import { apiPost } from '../../../lib/api';
import { memberKeys } from '../member-keys';

/** POST /api/auth/user/profile: the attestation as stored. */
export const getProfile = () => apiPost<MemberProfile>('/api/auth/user/profile');

export const profileQueryOptions = () => queryOptions({ queryKey: memberKeys.profile, queryFn: getProfile });

export const useProfile = () => useQuery(profileQueryOptions());
