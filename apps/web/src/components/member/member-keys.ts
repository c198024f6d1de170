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

/** After a member changes something: the member area and user/info are fetched again. */
export function refreshMemberData() {
  void queryClient.invalidateQueries({ queryKey: memberKeys.all });
  void queryClient.invalidateQueries({ queryKey: userInfoKey });
}
