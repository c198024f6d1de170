import { describe, expect, it } from 'vitest';
import { groupFaq, seedItems } from './seed-items';

/**
 * What an item's text calls the default is the choice the item page preselects (its first):
 * the SEM page said 不导电样品默认喷金 while 制样 started at 不喷金 (issue 31).
 */
describe('seeded items: the text and the preselected choice agree', () => {
  it('no requirement or FAQ says 默认X for a choice that is not the first of its option', () => {
    const wrong: string[] = [];
    for (const item of seedItems) {
      const texts = [item.requirements, ...(groupFaq[item.groupId] ?? []).map((f) => f.answer)];
      const defaults = texts.flatMap((text) => [...text.matchAll(/默认([^，；。、]+)/g)].map((m) => m[1]!.trim()));
      for (const [option, choices] of item.options) {
        for (const [label] of choices.slice(1)) {
          const said = defaults.find((d) => d.startsWith(label));
          if (said) wrong.push(`${item.name}「${option}」: 文字说默认${said}，预选的是${choices[0]![0]}`);
        }
      }
    }
    expect(wrong).toEqual([]);
  });
});
