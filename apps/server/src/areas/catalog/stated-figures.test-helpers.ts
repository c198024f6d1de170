import type { SiteFigures } from '@lab/contract';

/**
 * Finds the instrument and order counts a text states ("76 台套", "300+ 台套", "300 余台",
 * "279,886 单", "超过 60 万单") and compares each with the site's one count. A hard-coded figure
 * that is not the count — in a banner, a page, an article, a showcase figure — is reported.
 */
export interface StatedFigure {
  kind: 'instruments' | 'ordersDone';
  value: number;
  text: string;
  where: string;
}

// a number on its own: not the 0 of P/P0, not part of a formula or a model name
const number = String.raw`(?<![A-Za-z\d.])(\d[\d,，]*(?:\.\d+)?)\s*(万)?\s*(\+|＋|余|多)?\s*`;
const patterns: [StatedFigure['kind'], RegExp][] = [
  ['instruments', new RegExp(number + '台套', 'g')],
  // "300+ 台" / "300 余台" / "300 多台": a count of instruments without 套
  ['instruments', new RegExp(String.raw`(?<![A-Za-z\d.])(\d[\d,，]*)\s*(万)?\s*(\+|＋|余|多)\s*台(?!套)`, 'g')],
  // N 单 as a count of orders; not 单晶, 单原子, 单色, 单位, 单个, 单次 …
  ['ordersDone', new RegExp(number + '单(?![晶原色位个次层点元质峰线斜面调])', 'g')],
];

export function statedFigures(text: string, where: string): StatedFigure[] {
  const found: StatedFigure[] = [];
  for (const [kind, pattern] of patterns) {
    for (const match of text.matchAll(pattern)) {
      const value = Math.round(Number(match[1]!.replace(/[,，]/g, '')) * (match[2] ? 10_000 : 1));
      found.push({ kind, value, text: match[0], where });
    }
  }
  return found;
}

/** Every stated figure that disagrees with the count. */
export function disagreements(texts: { where: string; text: string }[], figures: SiteFigures): StatedFigure[] {
  return texts.flatMap(({ where, text }) => statedFigures(text, where)).filter((figure) => figure.value !== figures[figure.kind]);
}

/** Every string in an answer (nested), so a JSON answer reads as the texts a page shows. */
export function textsOf(value: unknown, where: string): { where: string; text: string }[] {
  if (typeof value === 'string') return [{ where, text: value }];
  if (Array.isArray(value)) return value.flatMap((item, i) => textsOf(item, `${where}[${i}]`));
  if (value !== null && typeof value === 'object') return Object.entries(value).flatMap(([key, item]) => textsOf(item, `${where}.${key}`));
  return [];
}
