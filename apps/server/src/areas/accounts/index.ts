/**
 * The accounts area's face: what other areas may use (docs/architecture.md). Keep it small.
 */
export { getMember, toMemberAccount } from './accounts.service';
export { type AgreementVersionRow, agreementVersionsOf, findAgreementVersion, findCurrentVersion, publishAgreementVersion } from './agreement-versions';
export { readToken } from './auth-guard';
export { listConsentDue, listConsentHistory, marketingSmsAllowed } from './consents.service';
export { confirmMemberSecret, endMemberAccess } from './member-secret';
export { onMemberInvited } from './member-hooks';
export { authenticate, type RequestMeta } from './sessions.service';
export { sendSmsCode } from './sms-codes.service';
export { type StaffCodesFailing } from './staff-hooks';
export { activeMemberIds, countMembers, memberByPhone, membersByPhone, staffContactsOfRole, memberCondition, memberContact, memberContacts, memberRefs, namedMembers, staffMember, staffNames, staffRefs, type MemberContact } from './people';
export { memberIdsMatching } from './member-match';
export { lockMember, memberByRid, setMemberDisabled, updateMemberIdentity } from './member-identity';
export { invitedCount, invitedMembers, memberInvite } from './invitees';
export { memberClosedShared } from './member-standing';
export { lookupMembers } from './member-lookup';
