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

/**
 * What higher areas do when a membership ends — the owner removes a member (memberId), or
 * dissolves the community (memberId null: everyone) — inside that transaction (grants: the
 * member's orders waiting for the PI are refused with a reason).
 */
export type MembershipEndedHandler = (tx: DbOrTx, communityId: number, memberId: number | null, now: Date) => Promise<unknown>;

const endedHandlers: MembershipEndedHandler[] = [];

/** Adds a handler once (registering twice is a no-op). */
export function onMembershipEnded(handler: MembershipEndedHandler): void {
  if (!endedHandlers.includes(handler)) endedHandlers.push(handler);
}

export async function runMembershipEnded(tx: DbOrTx, communityId: number, memberId: number | null, now: Date): Promise<void> {
  for (const handle of endedHandlers) await handle(tx, communityId, memberId, now);
}
