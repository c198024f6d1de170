import { eq } from 'drizzle-orm';
import type { MemberUserInfo } from '@lab/contract';
import type { DbOrTx } from '../../db/client';
import { planLines } from '../../db/tables/orders.tables';
import { getMember, toMemberAccount } from '../10-accounts/accounts.service';
import { listAddresses } from './addresses.service';
import { getProfile } from './profile.service';

/**
 * user/info: the account, the address list (default first) and the attestation; basic
 * information is complete once an address is on file; cartNum is the plan's line count.
 */
export async function getUserInfo(db: DbOrTx, memberId: number): Promise<MemberUserInfo> {
  const member = await getMember(db, memberId);
  const [addressList, profile, cartNum] = await Promise.all([
    listAddresses(db, memberId),
    getProfile(db, memberId),
    db.$count(planLines, eq(planLines.memberId, memberId)),
  ]);
  return { account: toMemberAccount(member), addressList, cartNum, profile, basicInfoComplete: addressList.length > 0 };
}
