/**
 * The member area's face: what other areas may use (docs/architecture.md). Keep it small.
 */
export { countAddresses, findOwnAddress, fullAddress, type ResolvedRegion, resolveRegion } from './addresses.service';
export { findOwnedCommunity } from './community-owner';
export { communitiesNamed, communityRef, communityRefs, type CommunityRef, ownedCommunities } from './community-refs';
