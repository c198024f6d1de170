import { queryClient } from '../lib/query-client';
import { userInfoKey } from '../lib/user-info';
import { memberKeys, planKey } from './query-keys';

/** What a member's change may alter: the member area and user/info (a mutation's `invalidates`). */
export const memberDataKeys = [memberKeys.all, userInfoKey] as const;

/** After a member changes something outside a mutation: the member area and user/info are fetched again. */
export function refreshMemberData() {
  for (const queryKey of memberDataKeys) void queryClient.invalidateQueries({ queryKey });
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
