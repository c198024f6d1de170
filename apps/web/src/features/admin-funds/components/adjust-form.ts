import { fenToYuan, formatFen, parseYuan } from '@lab/contract';

export type AdjustDirection = 'in' | 'out';

export type AdjustPreview = { ok: true; amountFen: number; amount: string; afterFen: number } | { ok: false; message: string };

/**
 * What an adjustment would do before it is sent: the signed amount the server expects
 * ('-100.50' takes money out) and the balance after, or the first problem in words. A debit
 * beyond the balance is refused here as the server would (the balance never goes below zero).
 */
export function adjustmentPreview(balanceFen: number, direction: AdjustDirection, amountText: string): AdjustPreview {
  const parsed = parseYuan(amountText, '调整金额');
  if (typeof parsed === 'string') return { ok: false, message: parsed };
  const amountFen = direction === 'out' ? -parsed : parsed;
  const afterFen = balanceFen + amountFen;
  if (afterFen < 0) return { ok: false, message: `扣减金额不能超过当前余额${formatFen(balanceFen)}` };
  return { ok: true, amountFen, amount: fenToYuan(amountFen), afterFen };
}

/** A fresh id per dialog: the server books one adjustment per id, so a repeated submit cannot book twice. */
export const newRequestId = () => (typeof crypto !== 'undefined' && 'randomUUID' in crypto ? crypto.randomUUID() : `${Date.now()}-${Math.random().toString(36).slice(2)}`);
