import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { seedCoupons } from './coupons.service';
import { seedFunds } from './prestore-rules';

/**
 * The default prestore tiers and the demo coupon templates, each only into an empty table;
 * under an advisory lock, so two instances starting together seed once.
 */
export async function seedFundsDemo(db: Db): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext('seed:funds'))`);
    await seedFunds(tx);
    await seedCoupons(tx);
  });
}
