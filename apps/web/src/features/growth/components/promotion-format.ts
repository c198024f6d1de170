import { formatFen, parseYuan, type RebateStatus, type WithdrawStatus } from '@lab/contract';

/** 500 basis points → '5%', 250 → '2.5%'. */
export const formatRate = (rateBp: number) => `${Number((rateBp / 100).toFixed(2))}%`;

export const rebateStatusColor: Record<RebateStatus, string> = { frozen: 'orange', withdrawable: 'green', reversed: 'default' };
export const withdrawStatusColor: Record<WithdrawStatus, string> = { pending: 'processing', paid: 'success', refused: 'error', cancelled: 'default' };

/**
 * The typed withdrawal amount: the funds contract's parseYuan (the server's own messages), then
 * the configured minimum and what is withdrawable, in the server's words.
 */
export function checkWithdrawAmount(text: string, withdrawableFen: number, minWithdrawFen: number): { fen: number; error: null } | { fen: null; error: string } {
  const fen = parseYuan(text, '提现金额');
  if (typeof fen === 'string') return { fen: null, error: fen };
  if (fen < minWithdrawFen) return { fen: null, error: `提现金额不能低于${formatFen(minWithdrawFen)}` };
  if (fen > withdrawableFen) return { fen: null, error: '可提现金额不足' };
  return { fen, error: null };
}
