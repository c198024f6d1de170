import { describe, expect, it } from 'vitest';
import type { PrestoreRule } from '@lab/contract';
import { z } from 'zod';
import { checkValues } from '../../../lib/form-check';
import { bonusPreview, formatDateTime, formatSignedFen, topupAmount, topupFen } from './money';

/** what the top-up forms show for the typed amount: the fen it reads as, or their first problem */
const checkTopupAmount = (text: string, minAmountFen = 0) => {
  const check = checkValues(z.object({ amount: topupAmount(minAmountFen) }), { amount: text });
  return check.ok ? { fen: check.data.amount, error: null } : { fen: null, error: check.problems[0]?.message };
};

const rules: PrestoreRule[] = [
  { id: 1, thresholdFen: 10_000_00, bonusRateBp: 300, bonusFen: 0, text: '满 ¥10,000.00 赠 3%' },
  { id: 2, thresholdFen: 50_000_00, bonusRateBp: 500, bonusFen: 0, text: '满 ¥50,000.00 赠 5%' },
];

describe('top-up amount (the contract schema)', () => {
  it.each([
    ['', '[预存金额]不能为空'],
    ['0', '[预存金额]必须大于0'],
    ['0.00', '[预存金额]必须大于0'],
    ['-5', '[预存金额]必须大于0'],
    ['100.123', '[预存金额]最多保留两位小数'],
    ['12abc', '[预存金额]格式不正确'],
    ['20000000', '[预存金额]不能超过10,000,000元'],
  ])('%j → %s', (text, message) => {
    expect(checkTopupAmount(text)).toEqual({ fen: null, error: message });
  });

  it('parses yuan to fen exactly, with separators and a symbol', () => {
    expect(checkTopupAmount('100.5')).toEqual({ fen: 10050, error: null });
    expect(checkTopupAmount('¥10,000.01')).toEqual({ fen: 1_000_001, error: null });
    expect(checkTopupAmount('0.29')).toEqual({ fen: 29, error: null });
  });

  it('refuses less than the configured minimum with the server sentence', () => {
    expect(checkTopupAmount('99.99', 100_00)).toEqual({ fen: null, error: '[预存金额]不能少于100元' });
    expect(checkTopupAmount('100', 100_00)).toEqual({ fen: 100_00, error: null });
    // the previews drawn as it is typed read the same amount, or nothing
    expect(topupFen('99.99', 100_00)).toBeNull();
    expect(topupFen('¥10,000.01')).toBe(1_000_001);
  });
});

describe('bonus preview', () => {
  it('below the first tier: how far it is', () => {
    expect(bonusPreview(5_000_00, rules)).toEqual({ bonusFen: 0, text: '再预存 ¥5,000.00 可享「满 ¥10,000.00 赠 3%」' });
  });
  it('at a tier: the bonus and the total, and the next tier', () => {
    expect(bonusPreview(10_000_00, rules)).toEqual({
      bonusFen: 300_00,
      text: '预计赠送 ¥300.00，到账合计 ¥10,300.00；再预存 ¥40,000.00 可享「满 ¥50,000.00 赠 5%」',
    });
  });
  it('the highest tier reached counts; the rate rounds down to the fen', () => {
    expect(bonusPreview(60_000_00, rules).bonusFen).toBe(3_000_00);
    expect(bonusPreview(60_000_00, rules).text).toBe('预计赠送 ¥3,000.00，到账合计 ¥63,000.00');
    expect(bonusPreview(1_000_033, rules).bonusFen).toBe(30_000);
  });
  it('no tiers: no bonus', () => {
    expect(bonusPreview(10_000_00, [])).toEqual({ bonusFen: 0, text: '该金额暂无赠送' });
  });
});

describe('formatting', () => {
  it('shows instants in Asia/Shanghai as YYYY-MM-DD HH:mm', () => {
    expect(formatDateTime('2026-03-01T16:05:00.000Z')).toBe('2026-03-02 00:05');
    expect(formatDateTime(null)).toBe('');
  });
  it('signs amounts', () => {
    expect(formatSignedFen(1_000_000)).toBe('+¥10,000.00');
    expect(formatSignedFen(-2550)).toBe('-¥25.50');
  });
});
