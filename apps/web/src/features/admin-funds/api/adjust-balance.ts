import { adminFunds } from './admin-funds';

export interface AdjustInput {
  ownerKind: 'member' | 'community';
  ownerRid: string;
  /** signed yuan text: '-100.50' takes money out */
  amount: string;
  reason: string;
  /** one per dialog, so a retried submit books once */
  requestId: string;
}

/** POST /api/admin/funds/adjust — 调账 with a reason; never below zero; above the person's limit it is filed for approval instead. */
export const adjustBalance = (input: AdjustInput) =>
  adminFunds.adjust({ owner_kind: input.ownerKind, owner_rid: input.ownerRid, amount: input.amount, reason: input.reason, request_id: input.requestId });
