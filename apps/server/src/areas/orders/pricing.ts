import { slotChoices, type ChosenOption, type PricedOption } from '@lab/contract';
import { AppError } from '../../platform/errors';
import type { PricedItem } from '../catalog';

/**
 * Prices come from the catalogue only: the item's price plus each chosen option's price,
 * times the count. Everything that shows or charges a price (plan, quote, order,
 * reservation) goes through here, so a price a client sends is never read.
 */
/** The items as priced, read through the catalog's face. */
export { itemsByIds, itemsByRids, type PricedItem } from '../catalog';

/** A stable text of the choices, so equal choices merge into one plan line. */
export const choiceKey = (choices: Record<string, number>) =>
  Object.keys(choices)
    .map(Number)
    .sort((a, b) => a - b)
    .map((id) => `${id}:${choices[String(id)]}`)
    .join(',');

export interface LinePrice {
  options: ChosenOption[];
  unitPriceFen: number;
  amountFen: number;
}

/**
 * Resolves choices against the item's options: every option needs one of its choices
 * (`请选择测试模式`), unknown options or choices are refused (`所选测试选项已失效，请重新选择`).
 */
export function priceLine(item: Pick<PricedItem, 'priceFen' | 'options'>, choices: Record<string, number>, count: number): LinePrice {
  const options: ChosenOption[] = [];
  const known = new Set((item.options as PricedOption[]).map((o) => String(o.id)));
  for (const key of Object.keys(choices)) {
    if (!known.has(key)) throw new AppError('OPTION_INVALID', '所选测试选项已失效，请重新选择');
  }
  for (const option of item.options as PricedOption[]) {
    const choiceId = choices[String(option.id)];
    if (choiceId === undefined) throw new AppError('OPTION_REQUIRED', `请选择${option.name}`);
    const choice = option.choices.find((c) => c.id === choiceId);
    if (!choice) throw new AppError('OPTION_INVALID', '所选测试选项已失效，请重新选择');
    options.push({ optionId: option.id, choiceId: choice.id, name: option.name, label: choice.label, priceFen: choice.priceFen });
  }
  const unitPriceFen = item.priceFen + options.reduce((sum, o) => sum + o.priceFen, 0);
  return { options, unitPriceFen, amountFen: unitPriceFen * count };
}

/** Like priceLine, but answers null instead of throwing (a plan line whose item changed). */
export function tryPriceLine(item: Pick<PricedItem, 'priceFen' | 'options'>, choices: Record<string, number>, count: number): LinePrice | null {
  try {
    return priceLine(item, choices, count);
  } catch {
    return null;
  }
}

/**
 * The choices a booking on `day` is priced with: the member's, except that every option whose
 * price follows the slot (a choice marked weekday | weekend) takes the day's choice — the
 * weekend surcharge on a Saturday, none on a weekday — whatever was sent.
 */
export function bookingChoices(item: Pick<PricedItem, 'options'>, choices: Record<string, number>, day: string): Record<string, number> {
  return { ...choices, ...slotChoices(item.options as PricedOption[], day) };
}
