import type { Tx } from '../../db/client';
import type { OrderRow } from '../orders';
import type { NamedActor } from '../../platform/actor';

/**
 * Paying an order the PI approved is the payments area's work (the ledger debit, the order's paid
 * columns, the event and message: payLockedOrder). Payments sits above grants in the graph
 * (src/areas/graph.mjs), so it registers its payer here at app start (src/area-hooks.ts).
 */
export type ApprovedPayer = (
  tx: Tx,
  order: OrderRow,
  input: { community: { id: number; name: string }; cardName: string; projectNo: string; actor: NamedActor; now: Date },
) => Promise<OrderRow>;

const payers: ApprovedPayer[] = [];

/** Registers the payer (once; a second registration of the same function is a no-op). */
export function onGrantApproved(payer: ApprovedPayer): void {
  if (!payers.includes(payer)) payers.push(payer);
}

export function approvedPayer(): ApprovedPayer {
  const payer = payers[0];
  if (!payer) throw new Error('no payer registered for approved grant payments (registerModuleHooks)');
  return payer;
}
