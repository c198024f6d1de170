import { queryClient } from '../../../lib/query-client';
import { userInfoKey } from '../../../lib/user-info';
import { memberKeys } from '../../member/member-keys';

/**
 * The experiment plan's query key (tempDevice/list): under ['member'], so refreshMemberData()
 * (reservations added to the plan, accepted quotes) refreshes it too.
 */
export const planKey = [...memberKeys.all, 'plan'] as const;

/**
 * After the plan changed (added, removed, ordered): the plan, user/info (the header's
 * cartNum) and the member centre's figures are fetched again.
 */
export function refreshPlanData() {
  void queryClient.invalidateQueries({ queryKey: planKey });
  void queryClient.invalidateQueries({ queryKey: userInfoKey });
  void queryClient.invalidateQueries({ queryKey: memberKeys.home });
}
