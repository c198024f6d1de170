/**
 * The accounts area's face: what other areas may use (docs/architecture.md). Keep it small.
 */
export { getMember } from './accounts.service';
export { agreementVersionsOf, findAgreementVersion, publishAgreementVersion } from './agreement-versions';
export { optionalMemberId } from './auth-guard';
export { listConsentDue, listConsentHistory, marketingSmsAllowed } from './consents.service';
export { confirmMemberSecret, endMemberAccess } from './member-secret';
export { onMemberInvited } from './member-hooks';
export { sendSmsCode } from './sms-codes.service';
export { type StaffCodesFailing } from './staff-hooks';
export { activeMemberIds, countMembers, membersByPhone, staffContactsOfRole, memberContact, memberContacts, namedMembers, staffNames, staffRefs, type MemberContact } from './people';
export { memberIdsMatching } from './member-match';
export { lockMember, memberByRid, updateMember } from './member-identity';
export { invitedMembers, memberInvite } from './invitees';
export { lookupMembers } from './member-lookup';
