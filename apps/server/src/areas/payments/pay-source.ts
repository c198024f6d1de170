import type { ReadyToPay } from '@lab/contract';
import type { DbOrTx } from '../../db/client';
import { memberContact } from '../accounts';
import { balanceOf, findOwnedCommunity } from '../funds';
import { ownedActiveCommunities } from '../member';
import type { NamedActor } from '../../platform/actor';

/** Who pays: the member's own funds or a community they own (another's community reads as not found). */
export interface PaySource {
  kind: 'member' | 'community';
  id: number;
  name: string;
}

export async function resolveSource(db: DbOrTx, memberId: number, communityRid: string | undefined): Promise<PaySource> {
  if (!communityRid) return { kind: 'member', id: memberId, name: '个人预存款' };
  const community = await findOwnedCommunity(db, memberId, communityRid);
  return { kind: 'community', id: community.id, name: `团体「${community.name}」预存款` };
}


/** The member's own balance and those of the active communities they own. */
export async function payBalances(db: DbOrTx, memberId: number): Promise<ReadyToPay['balances']> {
  const owned = await ownedActiveCommunities(db, memberId);
  const [own, others] = await Promise.all([balanceOf(db, 'member', memberId), balanceOf(db, 'community', owned.map((c) => c.id))]);
  return [
    { kind: 'member', rid: null, name: '个人预存款', balanceFen: own },
    ...owned.map((c) => ({ kind: 'community' as const, rid: c.rid, name: c.name, balanceFen: others.get(c.id) ?? 0 })),
  ];
}

/** The member as an order event's actor (name, else nickname). */
export const memberActor = async (db: DbOrTx, memberId: number): Promise<NamedActor> => {
  const row = await memberContact(db, memberId);
  return { kind: 'member', id: memberId, name: row?.name || row?.nickname || '会员' };
};
