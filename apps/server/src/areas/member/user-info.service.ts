import { eq } from 'drizzle-orm';
import type { MemberUserInfo } from '@lab/contract';
import type { DbOrTx } from '../../db/client';
import { planLines } from '../orders/orders.tables';
import { getMember, toMemberAccount } from '../accounts';
import { listConsentDue } from '../accounts';
import { listAddresses } from './addresses.service';
import { getProfile } from './profile.service';

/**
 * user/info: the account, the address list (default first) and the attestation; basic
 * information is complete once an address is on file; cartNum is the plan's line count;
 * consentDue lists the agreements the member is asked to accept again (a newer version).
 */
export async function getUserInfo(db: DbOrTx, memberId: number, now: Date): Promise<MemberUserInfo> {
  const member = await getMember(db, memberId);
  const [addressList, profile, cartNum, consentDue] = await Promise.all([
    listAddresses(db, memberId),
    getProfile(db, memberId),
    db.$count(planLines, eq(planLines.memberId, memberId)),
    listConsentDue(db, memberId, now),
  ]);
  return { account: toMemberAccount(member), addressList, cartNum, profile, basicInfoComplete: addressList.length > 0, consentDue };
}
