/**
 * The member area's face: what other areas may use (docs/architecture.md). Keep it small.
 */
export { countAddresses, findOwnAddress, fullAddress, listAddresses, type ResolvedRegion, resolveRegion } from './addresses.service';
export { communityNames } from './community-names';
export { findOwnedCommunity } from './community-core';
export { getProfile, toMemberProfile } from './profile.service';
export { attestationReview, ownedActiveCommunities } from './payer-standing';
export { communitiesNamed, communityRef, communityRefs, type CommunityRef } from './community-refs';
export { assertApprovedMember } from './community-membership';
export { listCommunityMembers } from './community-core';
export { onMembershipEnded } from './community-hooks';
