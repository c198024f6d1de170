import type { DbOrTx } from '../../db/client';
import { conflict } from '../../platform/errors';
import { COMMUNITY_HAS_FUNDS, lockedBalance } from './ledger.service';

/**
 * A community holding money cannot be dissolved (registered on member's onCommunityDissolving in
 * src/area-hooks.ts). The account row stays locked until the dissolution commits, and transfers
 * lock it too, so no money slips in meanwhile.
 */
export async function refuseDissolvingWithFunds(tx: DbOrTx, communityId: number): Promise<void> {
  if ((await lockedBalance(tx, 'community', communityId)) > 0) throw conflict(COMMUNITY_HAS_FUNDS);
}
