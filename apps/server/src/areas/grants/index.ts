/**
 * The grants area's face: what other areas may use (docs/architecture.md). Keep it small.
 */
export { cardChoices, chargeCard, type CardCharge } from './card-payments';
export { noticeRequest } from './grant-requests';
export { type ApprovedPayer } from './grant-hooks';
export { orderCardStatements } from './grant-statement';
