/**
 * The approvals area's face: what other areas may use (docs/architecture.md). Keep it small.
 */
export { gatedAnswer } from './approval-answer';
export { type Acting, approvedNote, gateAction } from './approval-gate';
export { type ApprovalBooker, type ApprovedRequest, booked, onApproved } from './approval-hooks';
export { type FiledState, latestFiled } from './approval-states';
