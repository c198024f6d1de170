import { adminAttestations } from './admin-attestations';
import { adminCommunities } from './admin-communities';
import { customerKeys } from './keys';
import { useQueueDecision } from '../../../components/admin/use-queue-decision';

/** The member area's review decisions: attestations and communities. A refusal always carries the reason the member reads. */

/** Attestations (rid: the member's) */
export const approveAttestation = ({ rid, note }: { rid: string; note?: string }) => adminAttestations.approve({ rid, note: note || undefined });
export const refuseAttestation = ({ rid, reason }: { rid: string; reason: string }) => adminAttestations.refuse({ rid, reason });

/** Communities */
export const approveCommunity = ({ rid }: { rid: string }) => adminCommunities.approve({ rid });
export const refuseCommunity = ({ rid, reason }: { rid: string; reason: string }) => adminCommunities.refuse({ rid, reason });

/** Any decision refreshes the customers area (queues, member details, counts), and so does a 409 (what was shown changed). */
export const useDecision = <A, R>(run: (args: A) => Promise<R>) => useQueueDecision(customerKeys.all, run);
