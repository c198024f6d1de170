import { describe, expect, it } from 'vitest';
import { checkValues } from '../../../lib/form-check';
import { exampleTopUp, previewTiers, tiersBody, tiersSchema, toDrafts } from './rules-form';

const tier = (threshold: string, rate: string, key = threshold) => ({ key, threshold, rate });
/** what the page shows under the tier's field on 保存规则 */
const problem = (drafts: ReturnType<typeof tier>[]) => {
  const check = checkValues(tiersSchema, tiersBody(drafts));
  return check.ok ? null : { at: check.problems[0]?.path.join('.'), message: check.problems[0]?.message };
};

describe('prestore tiers (预存规则)', () => {
  it('sends the tiers as the contract reads them and shows them sorted with their text', () => {
    expect(previewTiers([tier('50000', '5'), tier('10000', '2.5')])).toEqual({
      rules: JSON.stringify([{ threshold: '50000', rate: '5' }, { threshold: '10000', rate: '2.5' }]),
      tiers: [
        { thresholdFen: 10_000_00, bonusRateBp: 250, bonusFen: 0, text: '满 ¥10,000.00 赠 2.5%' },
        { thresholdFen: 50_000_00, bonusRateBp: 500, bonusFen: 0, text: '满 ¥50,000.00 赠 5%' },
      ],
    });
    expect(previewTiers([])).toEqual({ rules: '[]', tiers: [] });
  });

  it('says what is wrong before saving, under the tier’s field: blanks, bad amounts and rates, the same threshold twice', () => {
    expect(problem([tier('', '3')])).toEqual({ at: 'rules.0.threshold', message: '[起赠金额]不能为空' });
    expect(problem([tier('10000', ' ')])).toEqual({ at: 'rules.0.rate', message: '[赠送比例]不能为空' });
    expect(problem([tier('-1', '3')])).toEqual({ at: 'rules.0.threshold', message: '[起赠金额]必须大于0' });
    expect(problem([tier('10000', '120')])).toEqual({ at: 'rules.0.rate', message: '[赠送比例]不能超过100' });
    expect(problem([tier('10000', 'x')])).toEqual({ at: 'rules.0.rate', message: '[赠送比例]必须是数字' });
    expect(problem([tier('10000', '3', 'a'), tier('10000.00', '5', 'b')])).toEqual({ at: 'rules.1.threshold', message: '[起赠金额]不能重复' });
    expect(previewTiers([tier('', '3')])).toBeNull();
  });

  it('works an example top-up through the highest tier reached, and reads the tiers in force back as rows', () => {
    const checked = previewTiers([tier('10000', '3'), tier('50000', '5')]);
    if (!checked) throw new Error('the tiers should pass');
    expect(exampleTopUp(checked.tiers, '20000')).toEqual({ amountFen: 20_000_00, bonusFen: 600_00 });
    expect(exampleTopUp(checked.tiers, '60000')).toEqual({ amountFen: 60_000_00, bonusFen: 3_000_00 });
    expect(exampleTopUp(checked.tiers, '9999.99')).toEqual({ amountFen: 999_999, bonusFen: 0 });
    expect(exampleTopUp(checked.tiers, '')).toBeNull();
    expect(toDrafts([{ id: 7, thresholdFen: 10_000_00, bonusRateBp: 250, bonusFen: 0, text: '' }])).toEqual([{ key: '7', threshold: '10000', rate: '2.5' }]);
  });
});
