import { and, eq, inArray } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { couponTemplates } from './funds.tables';

/**
 * Coupon templates as another area names them (growth: the invite reward, the exchange
 * catalogue): one by id, rid or name, or several by id. Issuing a coupon stays
 * the coupons service's `grant`.
 */

type TemplateRow = typeof couponTemplates.$inferSelect;

/**
 * The template with this id, rid or name (only an active one when asked), or null; with `ids`,
 * the templates of those ids by id (missing ids are absent).
 */
export async function findCouponTemplate(db: DbOrTx, by: { id: number } | { rid: string } | { name: string }, options?: { active?: boolean }): Promise<TemplateRow | null>;
export async function findCouponTemplate(db: DbOrTx, by: { ids: Iterable<number | null> }): Promise<Map<number, TemplateRow>>;
export async function findCouponTemplate(
  db: DbOrTx,
  by: { id: number } | { rid: string } | { name: string } | { ids: Iterable<number | null> },
  options: { active?: boolean } = {},
): Promise<TemplateRow | null | Map<number, TemplateRow>> {
  if ('ids' in by) {
    const unique = [...new Set([...by.ids].filter((id): id is number => typeof id === 'number'))];
    if (!unique.length) return new Map();
    const rows = await db.select().from(couponTemplates).where(inArray(couponTemplates.id, unique));
    return new Map(rows.map((r) => [r.id, r]));
  }
  const match = 'id' in by ? eq(couponTemplates.id, by.id) : 'rid' in by ? eq(couponTemplates.rid, by.rid) : eq(couponTemplates.name, by.name);
  const [row] = await db
    .select()
    .from(couponTemplates)
    .where(and(match, options.active ? eq(couponTemplates.active, true) : undefined))
    .limit(1);
  return row ?? null;
}
