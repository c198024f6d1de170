import { useQuery } from '@tanstack/react-query';
import { inviteKeys } from './invite-keys';
import { invites } from './invites';

/** POST /api/auth/web/invite/init: my code, its path, how many I invited, the reward, my partner figures. */
export const getInviteOverview = () => invites.overview();

export const useInviteOverview = () => useQuery({ queryKey: inviteKeys.overview, queryFn: getInviteOverview });
