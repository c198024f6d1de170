import { and, eq, isNotNull, ne, sql } from 'drizzle-orm';
import type { SiteFigures } from '@lab/contract';
import type { Db, DbOrTx } from '../../db/client';
import { countMembers } from '../accounts';
import { serviceItems } from './catalog.tables';
import { countCompletedOrders } from './figure-sources';
import { shanghaiDate } from '../content';
import { normalizeStoredIdentity, readSetting } from '../content';
import { createVersionedCache } from './content-cache';

/**
 * The one source of every figure the site states (docs/compliance.md "How figures are
 * sourced"): counted from the catalogue, the orders and the members, and the founding year from
 * 站点设置 (备案与主体信息). Texts in the content (banners, hot areas, pages, articles, the
 * showcase) never write a number of this kind; they carry a token the server fills in:
 *
 *   {{instruments}}  distinct instrument models among the published service items
 *   {{ordersDone}}   orders whose progress is completed
 *   {{customers}}    registered members
 *   {{years}}        full years since the founding year;  {{founded}} the year itself
 */
export async function countSiteFigures(db: DbOrTx, now: Date): Promise<SiteFigures> {
  const [instruments] = await db
    .select({ n: sql<number>`count(distinct ${serviceItems.model})`.mapWith(Number) })
    .from(serviceItems)
    .where(and(eq(serviceItems.published, true), isNotNull(serviceItems.model), ne(serviceItems.model, '')));
  const done = await countCompletedOrders(db);
  const customers = await countMembers(db);
  const { founded } = normalizeStoredIdentity(await readSetting(db, 'siteIdentity'));
  const year = Number(shanghaiDate(now).slice(0, 4));
  return {
    instruments: instruments?.n ?? 0,
    ordersDone: done,
    customers,
    years: founded === null ? null : Math.max(0, year - founded),
    founded,
  };
}

// cached with the home data: per database, per content version (a content or catalogue change,
// a settings save, recounts on the next request); orders and members counted at that moment
const caches = new WeakMap<Db, ReturnType<typeof createVersionedCache<SiteFigures>>>();

/** The site's figures, counted once per content version (createVersionedCache). */
export async function siteFigures(db: Db, now: Date = new Date()): Promise<SiteFigures> {
  let cache = caches.get(db);
  if (!cache) caches.set(db, (cache = createVersionedCache<SiteFigures>(db, { maxEntries: 1 })));
  return (await cache.get('figures', () => countSiteFigures(db, now)))!;
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
