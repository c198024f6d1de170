import { formatFen, prestoreAddBody, prestoreBonusFen, type PrestoreRule } from '@lab/contract';
import { previewValues } from '../../../lib/form-check';

/** A signed amount: +¥100.00 / -¥25.50 */
export const formatSignedFen = (fen: number) => (fen > 0 ? `+${formatFen(fen)}` : formatFen(fen));

/**
 * A top-up amount as the top-up forms check it: the contract's reading of the yuan text (the
 * server's own messages: [预存金额]必须大于0, 最多保留两位小数, 格式不正确…) and the configured
 * minimum; fen out.
 */
export const topupAmount = (minAmountFen = 0) => prestoreAddBody.shape.amount.refine((fen) => fen >= minAmountFen, { error: `[预存金额]不能少于${minAmountFen / 100}元` });

/** The typed amount in fen once it passes, for what is drawn as it is typed (the bonus, the pay button); else null. */
export const topupFen = (text: string, minAmountFen = 0): number | null => previewValues(topupAmount(minAmountFen), text);

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
