import type { DbOrTx } from '../../db/client';

/**
 * A banner may link a service item by its rid (编号). The items are the catalogue's, which sits
 * above content (docs/architecture.md): the catalogue registers how their names are read here at
 * app start (src/area-hooks.ts), and the banners' screen asks through it.
 */
export type ItemNames = (db: DbOrTx, rids: string[]) => Promise<Map<string, string>>;

let itemNames: ItemNames | null = null;

/** Registers how linked items are named (registering again replaces it: idempotent). */
export function onBannerItems(names: ItemNames): void {
  itemNames = names;
}

/** The names of the items with these rids (rids of no item are absent). */
export async function linkedItemNames(db: DbOrTx, rids: string[]): Promise<Map<string, string>> {
  if (rids.length === 0) return new Map();
  if (!itemNames) throw new Error('no item names registered for banner links (src/area-hooks.ts)');
  return itemNames(db, rids);
}
