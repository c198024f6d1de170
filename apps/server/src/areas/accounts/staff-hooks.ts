import type { StaffRole } from '@lab/contract';
import type { DbOrTx } from '../../db/client';
import type { SmsProvider } from '../../platform/messaging';

/**
 * Second-factor codes failing on a staff account (someone who knows the password, or the
 * owner mistyping): what higher modules do about it. Accounts is the lowest module, so the
 * messages module registers the alert (系统提醒 for admins, an SMS to the owner) here at app
 * start (src/area-hooks.ts) instead of accounts importing it.
 */
export interface StaffCodesFailing {
  staff: { id: number; account: string; name: string; role: StaffRole; phone: string | null };
  /** wrong codes on the account in the last hour */
  failures: number;
  /** where the latest wrong code came from */
  ip: string | undefined;
  now: Date;
  sms: SmsProvider;
}

export type StaffCodesFailingHandler = (db: DbOrTx, event: StaffCodesFailing) => Promise<unknown>;

const failingHandlers: StaffCodesFailingHandler[] = [];

/** Adds a handler once (registering twice is a no-op); handlers run in registration order. */
export function onStaffCodesFailing(handler: StaffCodesFailingHandler): void {
  if (!failingHandlers.includes(handler)) failingHandlers.push(handler);
}

export async function runStaffCodesFailing(db: DbOrTx, event: StaffCodesFailing): Promise<void> {
  for (const handle of failingHandlers) await handle(db, event);
}
