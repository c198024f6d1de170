import { describe, expect, it } from 'vitest';
import { checkTiers, exampleTopUp, toDrafts } from './rules-form';

const tier = (threshold: string, rate: string, key = threshold) => ({ key, threshold, rate });

describe('prestore tiers (预存规则)', () => {
  it('sends the tiers as the contract reads them and shows them sorted with their text', () => {
    const checked = checkTiers([tier('50000', '5'), tier('10000', '2.5')]);
    expect(checked).toEqual({
      ok: true,
      rules: JSON.stringify([{ threshold: '50000', rate: '5' }, { threshold: '10000', rate: '2.5' }]),
      tiers: [
        { thresholdFen: 10_000_00, bonusRateBp: 250, bonusFen: 0, text: '满 ¥10,000.00 赠 2.5%' },
        { thresholdFen: 50_000_00, bonusRateBp: 500, bonusFen: 0, text: '满 ¥50,000.00 赠 5%' },
      ],
    });
    expect(checkTiers([])).toEqual({ ok: true, rules: '[]', tiers: [] });
  });

  it('says what is wrong before saving: blanks, bad amounts and rates, the same threshold twice', () => {
    expect(checkTiers([tier('', '3')])).toEqual({ ok: false, message: '[起赠金额]不能为空' });
    expect(checkTiers([tier('10000', ' ')])).toEqual({ ok: false, message: '[赠送比例]不能为空' });
    expect(checkTiers([tier('-1', '3')])).toEqual({ ok: false, message: '[起赠金额]必须大于0' });
    expect(checkTiers([tier('10000', '120')])).toEqual({ ok: false, message: '[赠送比例]不能超过100' });
    expect(checkTiers([tier('10000', 'x')])).toEqual({ ok: false, message: '[赠送比例]必须是数字' });
    expect(checkTiers([tier('10000', '3', 'a'), tier('10000.00', '5', 'b')])).toEqual({ ok: false, message: '[起赠金额]不能重复' });
  });

  it('works an example top-up through the highest tier reached, and reads the tiers in force back as rows', () => {
    const checked = checkTiers([tier('10000', '3'), tier('50000', '5')]);
    if (!checked.ok) throw new Error(checked.message);
    expect(exampleTopUp(checked.tiers, '20000')).toEqual({ amountFen: 20_000_00, bonusFen: 600_00 });
    expect(exampleTopUp(checked.tiers, '60000')).toEqual({ amountFen: 60_000_00, bonusFen: 3_000_00 });
    expect(exampleTopUp(checked.tiers, '9999.99')).toEqual({ amountFen: 999_999, bonusFen: 0 });
    expect(exampleTopUp(checked.tiers, '')).toBeNull();
    expect(toDrafts([{ id: 7, thresholdFen: 10_000_00, bonusRateBp: 250, bonusFen: 0, text: '' }])).toEqual([{ key: '7', threshold: '10000', rate: '2.5' }]);
  });
});
