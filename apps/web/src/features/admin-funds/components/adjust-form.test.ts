import { describe, expect, it } from 'vitest';
import { adjustmentPreview } from './adjust-form';

describe('adjustmentPreview (调账)', () => {
  it('adds or takes exactly, as the signed yuan text the server expects, with the balance after', () => {
    expect(adjustmentPreview(800_00, 'in', '100.5')).toEqual({ ok: true, amountFen: 100_50, amount: '100.50', afterFen: 900_50 });
    expect(adjustmentPreview(800_00, 'out', '¥100.50')).toEqual({ ok: true, amountFen: -100_50, amount: '-100.50', afterFen: 699_50 });
    // floats would make 0.1 + 0.2 wrong; the fen are exact
    expect(adjustmentPreview(30, 'out', '0.3')).toEqual({ ok: true, amountFen: -30, amount: '-0.30', afterFen: 0 });
  });

  it('refuses what the server would, in its words, and a debit beyond the balance', () => {
    expect(adjustmentPreview(800_00, 'in', '')).toEqual({ ok: false, message: '[调整金额]不能为空' });
    expect(adjustmentPreview(800_00, 'in', '0')).toEqual({ ok: false, message: '[调整金额]必须大于0' });
    expect(adjustmentPreview(800_00, 'in', '1.005')).toEqual({ ok: false, message: '[调整金额]最多保留两位小数' });
    expect(adjustmentPreview(800_00, 'in', '-5')).toEqual({ ok: false, message: '[调整金额]必须大于0' });
    expect(adjustmentPreview(800_00, 'in', 'abc')).toEqual({ ok: false, message: '[调整金额]格式不正确' });
    expect(adjustmentPreview(800_00, 'out', '800.01')).toEqual({ ok: false, message: '扣减金额不能超过当前余额¥800.00' });
  });
});
