/**
 * The vault area's face: what other areas may use (docs/architecture.md). Keep it small.
 */
export { memberCertificates } from './member-vault.service';
export { closeMemberVault, purgeMemberVault } from './retention.service';
