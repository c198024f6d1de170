import { and, asc, eq, ilike, inArray, or } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { serviceGroups, serviceItems } from './catalog.tables';

/**
 * The catalogue as ordering reads it (plan, pricing, orders, reservations): items by id or rid
 * in one query per page, the bookable instruments, group names; and the one thing ordering
 * changes here, an item's count of served orders. Prices are read only from these rows.
 */

/** What pricing and ordering need of an item. */
export type PricedItem = Pick<
  typeof serviceItems.$inferSelect,
  'id' | 'rid' | 'name' | 'img' | 'model' | 'typeId' | 'groupId' | 'unit' | 'priceFen' | 'options' | 'published' | 'reservable' | 'labLocation' | 'turnaround'
>;

const pricedItemColumns = {
  id: serviceItems.id,
  rid: serviceItems.rid,
  name: serviceItems.name,
  img: serviceItems.img,
  model: serviceItems.model,
  typeId: serviceItems.typeId,
  groupId: serviceItems.groupId,
  unit: serviceItems.unit,
  priceFen: serviceItems.priceFen,
  options: serviceItems.options,
  published: serviceItems.published,
  reservable: serviceItems.reservable,
  labLocation: serviceItems.labLocation,
  turnaround: serviceItems.turnaround,
};

/** Items by id (missing ids are absent from the map). */
export async function itemsByIds(db: DbOrTx, ids: Iterable<number>): Promise<Map<number, PricedItem>> {
  const unique = [...new Set(ids)];
  if (unique.length === 0) return new Map();
  const rows = await db.select(pricedItemColumns).from(serviceItems).where(inArray(serviceItems.id, unique));
  return new Map(rows.map((r) => [r.id, r]));
}

/** Items by rid (missing rids are absent from the map). */
export async function itemsByRids(db: DbOrTx, rids: Iterable<string>): Promise<Map<string, PricedItem>> {
  const unique = [...new Set(rids)];
  if (unique.length === 0) return new Map();
  const rows = await db.select(pricedItemColumns).from(serviceItems).where(inArray(serviceItems.rid, unique));
  return new Map(rows.map((r) => [r.rid, r]));
}

/** The ids of the items whose name contains the text (ILIKE; `pattern` already holds its % signs). */
export async function itemIdsNamed(db: DbOrTx, pattern: string): Promise<number[]> {
  const rows = await db.select({ id: serviceItems.id }).from(serviceItems).where(ilike(serviceItems.name, pattern));
  return rows.map((r) => r.id);
}

/** The instruments the lab's calendar lists: published and bookable (or just the one item), by name. */
export async function bookableInstruments(db: DbOrTx, onlyItemId: number | null): Promise<PricedItem[]> {
  return db
    .select(pricedItemColumns)
    .from(serviceItems)
    .where(onlyItemId !== null ? eq(serviceItems.id, onlyItemId) : and(eq(serviceItems.published, true), or(eq(serviceItems.reservable, true), eq(serviceItems.typeId, 2))))
    .orderBy(asc(serviceItems.name), asc(serviceItems.id));
}

/** Service groups' names by id. */
export async function groupNames(db: DbOrTx, ids: Iterable<number>): Promise<Map<number, string>> {
  const unique = [...new Set(ids)];
  if (unique.length === 0) return new Map();
  const rows = await db.select({ id: serviceGroups.id, name: serviceGroups.name }).from(serviceGroups).where(inArray(serviceGroups.id, unique));
  return new Map(rows.map((g) => [g.id, g.name]));
}

