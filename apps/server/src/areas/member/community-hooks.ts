import type { DbOrTx } from '../../db/client';

/**
 * What higher areas check when an owner dissolves a community, inside the dissolution's
 * transaction after the community row is updated (funds refuses while the community still holds
 * money). Member sits below funds in the graph (src/areas/graph.mjs), so funds registers its check
 * here at app start (src/area-hooks.ts) instead of member importing funds. A handler refuses by
 * throwing an AppError, which rolls the dissolution back.
 */
export type CommunityDissolvingHandler = (tx: DbOrTx, communityId: number) => Promise<unknown>;

const dissolvingHandlers: CommunityDissolvingHandler[] = [];

/** Adds a handler once (registering twice is a no-op); handlers run in registration order. */
export function onCommunityDissolving(handler: CommunityDissolvingHandler): void {
  if (!dissolvingHandlers.includes(handler)) dissolvingHandlers.push(handler);
}

export async function runCommunityDissolving(tx: DbOrTx, communityId: number): Promise<void> {
  for (const handle of dissolvingHandlers) await handle(tx, communityId);
}
