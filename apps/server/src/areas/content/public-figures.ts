import type { SiteFigures } from '@lab/contract';
import type { Db } from '../../db/client';

/**
 * The figures the public texts state ({{instruments}}, {{ordersDone}}, {{customers}},
 * {{years}}, {{founded}}: docs/compliance.md "How figures are sourced") are counted by the
 * catalogue, which sits above content (docs/architecture.md). The catalogue registers how they
 * are counted here at app start (src/area-hooks.ts); content's public calls fill their texts
 * through it.
 */
export interface CatalogFacts {
  /** the site's figures, counted once per content version */
  figures: (db: Db, now: Date) => Promise<SiteFigures>;
  /** how many service items are published (the 能力展示 page) */
  publishedItems: (db: Db) => Promise<number>;
}

let facts: CatalogFacts | null = null;

/** Registers how the catalogue's facts are read (registering again replaces it: idempotent). */
export function onCatalogFacts(source: CatalogFacts): void {
  facts = source;
}

export function catalogFacts(): CatalogFacts {
  if (!facts) throw new Error('no catalogue facts registered for the public texts (src/area-hooks.ts)');
  return facts;
}

const formatted = (n: number) => n.toLocaleString('zh-CN');

/** Fills the figure tokens of one text; a token with no value (no founding year) becomes ''. */
export function fillFigures(text: string, figures: SiteFigures): string {
  if (!text.includes('{{')) return text;
  return text.replace(/\{\{\s*(instruments|ordersDone|customers|years|founded)\s*\}\}/g, (_, name: keyof SiteFigures) => {
    const value = figures[name];
    if (value === null) return '';
    return name === 'founded' ? String(value) : formatted(value);
  });
}

/** Every string of a public answer with its tokens filled (the answer's shape unchanged). */
export function fillFiguresIn<T>(value: T, figures: SiteFigures): T {
  if (typeof value === 'string') return fillFigures(value, figures) as T;
  if (Array.isArray(value)) return value.map((item: unknown) => fillFiguresIn(item, figures)) as T;
  if (value !== null && typeof value === 'object' && Object.getPrototypeOf(value) === Object.prototype) {
    return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, fillFiguresIn(item, figures)])) as T;
  }
  return value;
}

/** A public answer with the site's figures filled in. */
export async function withFigures<T>(db: Db, now: Date, value: T): Promise<T> {
  return fillFiguresIn(value, await catalogFacts().figures(db, now));
}
