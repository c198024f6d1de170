import { adminPoints } from './admin-points';
import { adminPromotion } from './admin-promotion';
import { growthKeys } from './keys';
import { useQueueDecision } from '../../../components/admin/use-queue-decision';

/** Growth's review decisions: partner and paper-award applications. A refusal always carries the reason the member reads. */

/** POST /api/admin/growth/partner/approve | refuse */
export const approvePartner = ({ rid }: { rid: string }) => adminPromotion.approvePartner({ rid });
export const refusePartner = ({ rid, reason }: { rid: string; reason: string }) => adminPromotion.refusePartner({ rid, reason });

/** POST /api/admin/growth/points/approve (with the points awarded) | refuse — on the version of the application on screen (points are value) */
export const approvePointsApplication = ({ rid, version, points, reason }: { rid: string; version: number; points: number; reason?: string }) =>
  adminPoints.approve({ rid, version, points, reason: reason || undefined });
export const refusePointsApplication = ({ rid, version, reason }: { rid: string; version: number; reason: string }) =>
  adminPoints.refuse({ rid, version, reason });

/** Any decision refreshes growth's queues, and so does a 409 (what was shown changed). */
export const useDecision = <A, R>(run: (args: A) => Promise<R>) => useQueueDecision(growthKeys.all, run);
