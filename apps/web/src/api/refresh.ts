import { queryClient } from '../lib/query-client';
import { userInfoKey } from '../lib/user-info';
import { memberKeys, planKey } from './query-keys';

/** After a member changes something: the member area and user/info are fetched again. */
export function refreshMemberData() {
  void queryClient.invalidateQueries({ queryKey: memberKeys.all });
  void queryClient.invalidateQueries({ queryKey: userInfoKey });
}

/**
 * After the plan changed (added, removed, ordered): the plan, user/info (the header's
 * cartNum) and the member centre's figures are fetched again.
 */
export function refreshPlanData() {
  void queryClient.invalidateQueries({ queryKey: planKey });
  void queryClient.invalidateQueries({ queryKey: userInfoKey });
  void queryClient.invalidateQueries({ queryKey: memberKeys.home });
}
