import type { Tx } from '../../db/client';

/**
 * What higher modules do when a member registers through an invite, inside the registration's
 * transaction. Accounts is the lowest module (docs/architecture.md), so growth registers its
 * new-member coupon here at app start (src/area-hooks.ts) instead of accounts importing growth.
 */
export type MemberInvitedHandler = (tx: Tx, memberId: number, now: Date) => Promise<unknown>;

const invitedHandlers: MemberInvitedHandler[] = [];

/** Adds a handler once (registering twice is a no-op); handlers run in registration order. */
export function onMemberInvited(handler: MemberInvitedHandler): void {
  if (!invitedHandlers.includes(handler)) invitedHandlers.push(handler);
}

/**
 * What higher modules do when anyone becomes a member (registration, or a first SMS login),
 * inside that transaction: funds gives the 新用户券 (src/area-hooks.ts).
 */
export type MemberRegisteredHandler = (tx: Tx, memberId: number, now: Date) => Promise<unknown>;

const registeredHandlers: MemberRegisteredHandler[] = [];

/** Adds a handler once (registering twice is a no-op); handlers run in registration order. */
export function onMemberRegistered(handler: MemberRegisteredHandler): void {
  if (!registeredHandlers.includes(handler)) registeredHandlers.push(handler);
}

export async function runMemberRegistered(tx: Tx, memberId: number, now: Date): Promise<void> {
  for (const handle of registeredHandlers) await handle(tx, memberId, now);
}

export async function runMemberInvited(tx: Tx, memberId: number, now: Date): Promise<void> {
  for (const handle of invitedHandlers) await handle(tx, memberId, now);
}
