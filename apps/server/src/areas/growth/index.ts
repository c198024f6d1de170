/**
 * The growth area's face: what other areas may use (docs/architecture.md). Keep it small.
 */
export { approveApplication } from './points-admin.service';
export { TRANSFER_MEMO } from './points-transfer.service';
export { withdrawalsForExport } from './withdrawals-admin.service';
