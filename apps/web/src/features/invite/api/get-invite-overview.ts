import { useQuery } from '@tanstack/react-query';
import type { InviteOverview } from '@lab/contract';
import { apiPost } from '../../../lib/api';
import { inviteKeys } from './keys';

/** POST /api/auth/web/invite/init: my code, its path, how many I invited, the reward, my partner figures. */
export const getInviteOverview = () => apiPost<InviteOverview>('/api/auth/web/invite/init');

export const useInviteOverview = () => useQuery({ queryKey: inviteKeys.overview, queryFn: getInviteOverview });
