import { fenToYuan, parseSurcharge, parseYuan, type PricedOption } from '@lab/contract';

/**
 * The options editor works on drafts: what a person is typing (prices as yuan text), with a
 * key for React and the id the option or choice already has on the server (kept on save, so
 * members' saved choices keep pointing at the same thing).
 */
export interface ChoiceDraft {
  key: string;
  id?: number;
  label: string;
  /** yuan added to the unit price; blank means none */
  price: string;
  /** priced by the booked day instead of picked (an instrument's 工作日 / 周末 rate); absent on an ordinary choice */
  slot?: 'weekday' | 'weekend' | undefined;
}

export interface OptionDraft {
  key: string;
  id?: number;
  name: string;
  choices: ChoiceDraft[];
}

let keySerial = 0;
export const newDraftKey = () => `draft-${++keySerial}`;

export const newChoice = (label = ''): ChoiceDraft => ({ key: newDraftKey(), label, price: '' });
export const newOption = (): OptionDraft => ({ key: newDraftKey(), name: '', choices: [newChoice(), newChoice()] });

export function toOptionDrafts(options: readonly PricedOption[]): OptionDraft[] {
  return options.map((option) => ({
    key: newDraftKey(),
    id: option.id,
    name: option.name,
    choices: option.choices.map((choice) => ({ key: newDraftKey(), id: choice.id, label: choice.label, price: choice.priceFen ? fenToYuan(choice.priceFen) : '', ...(choice.slot ? { slot: choice.slot } : {}) })),
  }));
}

/** The `options` form field the contract reads: JSON, ids only where the server gave them. */
export function optionsJson(drafts: readonly OptionDraft[]): string {
  return JSON.stringify(
    drafts.map((option) => ({
      ...(option.id !== undefined ? { id: option.id } : {}),
      name: option.name.trim(),
      choices: option.choices.map((choice) => ({ ...(choice.id !== undefined ? { id: choice.id } : {}), label: choice.label.trim(), price: choice.price.trim(), ...(choice.slot ? { slot: choice.slot } : {}) })),
    })),
  );
}

/** A surcharge in fen, or the contract's message when the text is not one. */
export const surchargeFen = (price: string): number | string => parseSurcharge(price);

/** The unit price in fen from the price field's yuan text, or null while it is not a price. */
export function basePriceFen(price: string | undefined): number | null {
  const parsed = parseYuan(price ?? '', '价格');
  return typeof parsed === 'number' && parsed > 0 ? parsed : null;
}

const choiceFen = (choice: ChoiceDraft) => {
  const fen = surchargeFen(choice.price);
  return typeof fen === 'number' ? fen : 0;
};

/**
 * What a member pays per unit, as the server prices a plan line (orders/pricing.ts): the
 * item's price plus the surcharge of the one choice made in every option. `picks` names a
 * choice by key per option key; an option without a pick counts its first choice.
 */
export function unitPriceFen(base: number, drafts: readonly OptionDraft[], picks: Readonly<Record<string, string>> = {}): number {
  let total = base;
  for (const option of drafts) {
    const chosen = option.choices.find((c) => c.key === picks[option.key]) ?? option.choices[0];
    if (chosen) total += choiceFen(chosen);
  }
  return total;
}

/** The cheapest and the dearest unit price the options allow. */
export function priceRange(base: number, drafts: readonly OptionDraft[]): { minFen: number; maxFen: number } {
  let minFen = base;
  let maxFen = base;
  for (const option of drafts) {
    if (option.choices.length === 0) continue;
    const fens = option.choices.map(choiceFen);
    minFen += Math.min(...fens);
    maxFen += Math.max(...fens);
  }
  return { minFen, maxFen };
}
