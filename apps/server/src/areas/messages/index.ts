/**
 * The messages area's face: what other areas may use (docs/architecture.md). Keep it small.
 */
export { messageInsert, type NoticeChannels, type NoticeContact, postMessage, sendNotice } from './messages.service';
export { submitConsultation } from './consultations.service';
export { notifyStaffOfRole, raiseStaffAlert } from './staff-alerts.service';
export { raisedAlertKeys } from './raised-alerts';
