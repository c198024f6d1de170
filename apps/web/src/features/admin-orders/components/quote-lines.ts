import { z } from 'zod';
import { optionalText, PLAN_MAX_LINES, SAMPLE_COUNT_MAX, type PricedOption } from '@lab/contract';

/**
 * A quote being written (测试需求 → 报价): catalogue items, a count and one choice per option
 * each. The prices shown here follow the server's pricing (base price plus each chosen choice,
 * times the count); the server prices the lines again when it stores the quote, so what the
 * member sees is never what the page computed but always the same figure.
 */

export interface QuoteItem {
  rid: string;
  name: string;
  unit: string;
  priceFen: number;
  options: PricedOption[];
}

export interface QuoteDraftLine {
  /** a stable key for the list (an item may appear twice with different options) */
  key: string;
  item: QuoteItem;
  count: number;
  /** optionId → choiceId */
  choices: Record<string, number>;
}

/** What demand/quote takes, sent as JSON. */
export interface QuoteLineBody {
  rid: string;
  count: number;
  options: Record<string, number>;
}

/** the server's limits: a count per line, lines per quote */
export const MAX_QUOTE_COUNT = SAMPLE_COUNT_MAX;
export const MAX_QUOTE_LINES = PLAN_MAX_LINES;

let counter = 0;
/** A new line for an item, each option on its first choice (usually the standard one). */
export function newQuoteLine(item: QuoteItem, count = 1, choices?: Record<string, number>): QuoteDraftLine {
  counter += 1;
  const defaults = Object.fromEntries(item.options.filter((o) => o.choices.length > 0).map((o) => [String(o.id), o.choices[0]!.id]));
  return { key: `${item.rid}-${counter}`, item, count, choices: { ...defaults, ...choices } };
}

/** Unit and line price; null when an option has no valid choice. */
export function linePrice(line: QuoteDraftLine): { unitPriceFen: number; amountFen: number } | null {
  let unitPriceFen = line.item.priceFen;
  for (const option of line.item.options) {
    const chosen = option.choices.find((c) => c.id === line.choices[String(option.id)]);
    if (!chosen) return null;
    unitPriceFen += chosen.priceFen;
  }
  return { unitPriceFen, amountFen: unitPriceFen * line.count };
}

export const quoteTotalFen = (lines: QuoteDraftLine[]) => lines.reduce((sum, line) => sum + (linePrice(line)?.amountFen ?? 0), 0);

const sameChoices = (a: Record<string, number>, b: Record<string, number>) => {
  const keys = new Set([...Object.keys(a), ...Object.keys(b)]);
  return [...keys].every((k) => a[k] === b[k]);
};

/**
 * The first thing to fix before sending, in the server's words, and the field it is about
 * (`lines`, `lines.<n>.count`, `lines.<n>.choices.<optionId>`); null when the quote can go.
 */
export function quoteProblem(lines: QuoteDraftLine[]): { path: (string | number)[]; message: string } | null {
  if (lines.length === 0) return { path: ['lines'], message: '[报价项目]不能为空' };
  if (lines.length > MAX_QUOTE_LINES) return { path: ['lines'], message: `报价项目最多${MAX_QUOTE_LINES}项` };
  for (const [i, line] of lines.entries()) {
    if (!Number.isInteger(line.count) || line.count < 1 || line.count > MAX_QUOTE_COUNT) return { path: ['lines', i, 'count'], message: `「${line.item.name}」的数量应为1–${MAX_QUOTE_COUNT}的整数` };
    for (const option of line.item.options) {
      if (!option.choices.some((c) => c.id === line.choices[String(option.id)])) return { path: ['lines', i, 'choices', String(option.id)], message: `请选择「${line.item.name}」的${option.name}` };
    }
    const twin = lines.slice(0, i).find((other) => other.item.rid === line.item.rid && sameChoices(other.choices, line.choices));
    if (twin) return { path: ['lines', i], message: `报价项目重复：${line.item.name}（相同选项请合并数量）` };
  }
  return null;
}

/** The quote form's check: its lines as quoteProblem reads them (the first problem, at its field), an optional note. */
export const quoteSchema = z
  .object({ lines: z.array(z.custom<QuoteDraftLine>()), note: optionalText('报价说明', 1000) })
  .superRefine(({ lines }, ctx) => {
    const problem = quoteProblem(lines);
    if (problem) ctx.addIssue({ code: 'custom', ...problem });
  });

export const toQuoteBody = (lines: QuoteDraftLine[]): QuoteLineBody[] =>
  lines.map((line) => ({ rid: line.item.rid, count: line.count, options: Object.fromEntries(line.item.options.map((o) => [String(o.id), line.choices[String(o.id)]!])) }));
