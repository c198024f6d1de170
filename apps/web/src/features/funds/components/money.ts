import { formatFen, prestoreAddBody, prestoreBonusFen, type PrestoreRule } from '@lab/contract';

/** A signed amount: +¥100.00 / -¥25.50 */
export const formatSignedFen = (fen: number) => (fen > 0 ? `+${formatFen(fen)}` : formatFen(fen));

const amountSchema = prestoreAddBody.pick({ amount: true });

/**
 * The typed top-up amount checked with the contract's schema (the server's own messages:
 * [预存金额]必须大于0, 最多保留两位小数, 格式不正确…) and the configured minimum.
 */
export function checkTopupAmount(text: string, minAmountFen = 0): { fen: number; error: null } | { fen: null; error: string } {
  const result = amountSchema.safeParse({ amount: text });
  if (!result.success) return { fen: null, error: result.error.issues[0]?.message ?? '[预存金额]格式不正确' };
  if (result.data.amount < minAmountFen) return { fen: null, error: `[预存金额]不能少于${minAmountFen / 100}元` };
  return { fen: result.data.amount, error: null };
}

/** What the bonus preview says for an amount: the bonus now, or how far the next tier is. */
export function bonusPreview(amountFen: number, rules: readonly PrestoreRule[]): { bonusFen: number; text: string } {
  const bonusFen = prestoreBonusFen(amountFen, rules);
  const next = [...rules].sort((a, b) => a.thresholdFen - b.thresholdFen).find((r) => r.thresholdFen > amountFen);
  const nextText = next ? `再预存 ${formatFen(next.thresholdFen - amountFen)} 可享「${next.text}」` : '';
  if (bonusFen > 0) {
    const text = `预计赠送 ${formatFen(bonusFen)}，到账合计 ${formatFen(amountFen + bonusFen)}`;
    return { bonusFen, text: nextText ? `${text}；${nextText}` : text };
  }
  return { bonusFen: 0, text: nextText || '该金额暂无赠送' };
}

export { formatDateTime } from '../../../lib/format';
