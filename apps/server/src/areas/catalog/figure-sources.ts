import type { DbOrTx } from '../../db/client';

/**
 * Figures the site states that are counted by areas above the catalogue (docs/architecture.md):
 * the completed orders. Orders registers its counter here at app start (src/area-hooks.ts), and
 * site-figures.ts asks through it.
 */
export type FigureCounter = (db: DbOrTx) => Promise<number>;

let completedOrders: FigureCounter | null = null;

/** Registers how completed orders are counted (registering again replaces it: idempotent). */
export function onCountCompletedOrders(counter: FigureCounter): void {
  completedOrders = counter;
}

/** The orders whose progress is completed (已完成订单). */
export async function countCompletedOrders(db: DbOrTx): Promise<number> {
  if (!completedOrders) throw new Error('no counter of completed orders registered (src/area-hooks.ts)');
  return completedOrders(db);
}
