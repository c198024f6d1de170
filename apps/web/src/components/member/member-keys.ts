import { queryClient } from '../../lib/query-client';
import { userInfoKey } from '../../lib/user-info';

/** Query keys of the member area: everything under ['member'] is refreshed after a change. */
export const memberKeys = {
  all: ['member'] as const,
  home: ['member', 'home'] as const,
  profile: ['member', 'profile'] as const,
  addresses: ['member', 'addresses'] as const,
  samplings: ['member', 'samplings'] as const,
  recycles: ['member', 'recycles'] as const,
  communities: ['member', 'communities'] as const,
};

/** What a member's change may alter: the member area and user/info (a mutation's `invalidates`). */
export const memberDataKeys = [memberKeys.all, userInfoKey] as const;

/** After a member changes something outside a mutation: the member area and user/info are fetched again. */
export function refreshMemberData() {
  for (const queryKey of memberDataKeys) void queryClient.invalidateQueries({ queryKey });
}
