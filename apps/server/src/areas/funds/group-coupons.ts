import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { couponTemplates } from './funds.tables';

/**
 * A service group a coupon is limited to stays, so the coupon never points at a stranger: the
 * catalogue asks before deleting one (catalog/group-guards.ts, registered in src/area-hooks.ts).
 */
export async function couponLimitedToGroup(tx: DbOrTx, groupId: number): Promise<string | null> {
  const [coupon] = await tx
    .select({ name: couponTemplates.name })
    .from(couponTemplates)
    .where(sql`${couponTemplates.scope}->>'kind' = 'groups' and ${couponTemplates.scope}->'ids' @> to_jsonb(${groupId}::int)`)
    .limit(1);
  return coupon ? `优惠券「${coupon.name}」限该分类使用，不能删除；可将其隐藏` : null;
}
