import type { DbOrTx } from '../../db/client';

/**
 * What keeps a service group from being deleted in areas above the catalogue
 * (docs/architecture.md): a coupon limited to it (funds). Those areas register their check here
 * at app start (src/area-hooks.ts); each answers why the group must stay, or null.
 */
export type GroupInUse = (tx: DbOrTx, groupId: number) => Promise<string | null>;

const guards: GroupInUse[] = [];

/** Adds a check once (registering twice is a no-op). */
export function onGroupDelete(guard: GroupInUse): void {
  if (!guards.includes(guard)) guards.push(guard);
}

/** Why the group must stay (the first check that objects), or null. */
export async function whyGroupInUse(tx: DbOrTx, groupId: number): Promise<string | null> {
  for (const guard of guards) {
    const why = await guard(tx, groupId);
    if (why) return why;
  }
  return null;
}
