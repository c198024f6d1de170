/**
 * The accounts area's face: what other areas may use (docs/architecture.md). Keep it small.
 */
export { getMember, toMemberAccount } from './accounts.service';
export { type AgreementVersionRow, findCurrentVersion } from './agreement-versions';
export { readToken } from './auth-guard';
export { listConsentDue, listConsentHistory, marketingSmsAllowed, setMarketingSms } from './consents.service';
export { claimLoginAttempt, clearLoginFailures, lockedError } from './login-guard.service';
export { onMemberInvited } from './member-hooks';
export { authenticate, type RequestMeta, revokeAllSessions } from './sessions.service';
export { checkSmsCode, sendSmsCode, spendSmsCode } from './sms-codes.service';
export { type StaffCodesFailing } from './staff-hooks';
export { escapeLike, memberByPhone, memberCondition, memberContact, memberContacts, memberRefs, namedMembers, staffMember, staffNames, toMemberRef, type MemberContact } from './people';
export { lookupMembers, memberByRid } from './member-lookup';
