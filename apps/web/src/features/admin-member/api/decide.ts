import { adminAttestations } from './admin-attestations';
import { adminCommunities } from './admin-communities';
import { customerKeys } from './keys';
import { adminPoints } from '../../admin-growth/api/admin-points';
import { adminPromotion } from '../../admin-growth/api/admin-promotion';
import { useQueueDecision } from '../../../components/admin/use-queue-decision';

/**
 * The review decisions of the customers area: attestations, communities, partner and paper-award
 * applications. A refusal always carries the reason the member reads.
 */

/** Attestations (rid: the member's) */
export const approveAttestation = ({ rid, note }: { rid: string; note?: string }) => adminAttestations.approve({ rid, note: note || undefined });
export const refuseAttestation = ({ rid, reason }: { rid: string; reason: string }) => adminAttestations.refuse({ rid, reason });

/** Communities */
export const approveCommunity = ({ rid }: { rid: string }) => adminCommunities.approve({ rid });
export const refuseCommunity = ({ rid, reason }: { rid: string; reason: string }) => adminCommunities.refuse({ rid, reason });

/** POST /api/admin/growth/partner/approve | refuse */
export const approvePartner = ({ rid }: { rid: string }) => adminPromotion.approvePartner({ rid });
export const refusePartner = ({ rid, reason }: { rid: string; reason: string }) => adminPromotion.refusePartner({ rid, reason });

/** POST /api/admin/growth/points/approve (with the points awarded) | refuse — on the version of the application on screen (points are value) */
export const approvePointsApplication = ({ rid, version, points, reason }: { rid: string; version: number; points: number; reason?: string }) =>
  adminPoints.approve({ rid, version, points, reason: reason || undefined });
export const refusePointsApplication = ({ rid, version, reason }: { rid: string; version: number; reason: string }) =>
  adminPoints.refuse({ rid, version, reason });

/** Any decision refreshes the customers area (queues, member details, counts), and so does a 409 (what was shown changed). */
export const useDecision = <A, R>(run: (args: A) => Promise<R>) => useQueueDecision(customerKeys.all, run);
