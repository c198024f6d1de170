/**
 * The member area's face: what other areas may use (docs/architecture.md). Keep it small.
 */
export { countAddresses, findOwnAddress, fullAddress, type ResolvedRegion, resolveRegion } from './addresses.service';
export { communityNames } from './community-names';
export { attestationReview, ownedActiveCommunities } from './payer-standing';
