import { onMemberInvited } from '../accounts';
import { onOrderEvent } from '../orders';
import { rewardInvitedMember } from './invites.service';
import { pointsOnCompleted, pointsOnPaid, pointsOnRefunded } from './points-orders.service';
import { rebateOnCompleted, rebateOnPaid, rebateOnRefunded } from './rebates.service';

/** Growth's answers to events of lower modules (see order-hooks.ts and member-hooks.ts). */
export function registerGrowthHooks(): void {
  onMemberInvited(rewardInvitedMember);
  onOrderEvent('paid', rebateOnPaid);
  onOrderEvent('paid', pointsOnPaid);
  onOrderEvent('completed', rebateOnCompleted);
  onOrderEvent('completed', pointsOnCompleted);
  onOrderEvent('refunded', rebateOnRefunded);
  onOrderEvent('refunded', pointsOnRefunded);
}
