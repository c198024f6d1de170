import { and, asc, desc, eq, inArray, ne, sql } from 'drizzle-orm';
import type { DeviceDetail, DeviceSummary, PricedOption, TypeGroup } from '@lab/contract';
import type { Db, DbOrTx } from '../../db/client';
import { AppError } from '../../platform/errors';
import { randomId } from '../../platform/crypto';
import { cleanHtml, fileUrl, withContentChange } from '../content';
import { serviceChildren, serviceGroups, serviceItems, type ExampleResult, type FaqEntry } from './catalog.tables';
import { refreshItemWords } from './item-words';

const itemNotFound = () => new AppError('NOT_FOUND', '项目不存在或已下架');

// ---- type groups ----

export async function listTypeGroups(db: DbOrTx, typeId: number | undefined, fileHost: string): Promise<TypeGroup[]> {
  const groups = await db
    .select()
    .from(serviceGroups)
    .where(and(eq(serviceGroups.visible, true), typeId === undefined ? undefined : eq(serviceGroups.typeId, typeId)))
    .orderBy(asc(serviceGroups.typeId), asc(serviceGroups.sort), asc(serviceGroups.id));
  if (groups.length === 0) return [];
  const children = await db
    .select()
    .from(serviceChildren)
    .where(
      inArray(
        serviceChildren.groupId,
        groups.map((g) => g.id),
      ),
    )
    .orderBy(asc(serviceChildren.sort), asc(serviceChildren.id));
  return groups.map((g) => ({
    id: g.id,
    name: g.name,
    img: fileUrl(fileHost, g.img),
    typeId: g.typeId,
    description: g.description,
    typeChildArr: children.filter((c) => c.groupId === g.id).map((c) => ({ id: c.id, name: c.name })),
  }));
}

// ---- items ----

export const summaryColumns = {
  rid: serviceItems.rid,
  name: serviceItems.name,
  img: serviceItems.img,
  sketch: serviceItems.sketch,
  model: serviceItems.model,
  typeId: serviceItems.typeId,
  groupId: serviceItems.groupId,
  groupName: serviceGroups.name,
  childId: serviceItems.childId,
  childName: serviceChildren.name,
  priceFen: serviceItems.priceFen,
  unit: serviceItems.unit,
  order: serviceItems.orderCount,
  turnaround: serviceItems.turnaround,
  reservable: serviceItems.reservable,
};
export const toSummary = (row: DeviceSummary, fileHost: string): DeviceSummary => ({ ...row, img: fileUrl(fileHost, row.img) });

export async function getDeviceDetail(db: DbOrTx, rid: string, fileHost: string): Promise<DeviceDetail> {
  const [row] = await db
    .select({
      ...summaryColumns,
      id: serviceItems.id,
      description: serviceItems.description,
      sampleRequirements: serviceItems.sampleRequirements,
      options: serviceItems.options,
      faq: serviceItems.faq,
      examples: serviceItems.examples,
      labLocation: serviceItems.labLocation,
      keywords: serviceItems.keywords,
      standards: serviceItems.standards,
      samplePrep: serviceItems.samplePrep,
      reportContents: serviceItems.reportContents,
      sampleReport: serviceItems.sampleReport,
    })
    .from(serviceItems)
    .innerJoin(serviceGroups, eq(serviceGroups.id, serviceItems.groupId))
    .leftJoin(serviceChildren, eq(serviceChildren.id, serviceItems.childId))
    .where(and(eq(serviceItems.rid, rid), eq(serviceItems.published, true)));
  if (!row) throw itemNotFound();
  const related = await db
    .select(summaryColumns)
    .from(serviceItems)
    .innerJoin(serviceGroups, eq(serviceGroups.id, serviceItems.groupId))
    .leftJoin(serviceChildren, eq(serviceChildren.id, serviceItems.childId))
    .where(and(eq(serviceItems.groupId, row.groupId), eq(serviceItems.published, true), ne(serviceItems.id, row.id)))
    .orderBy(desc(serviceItems.orderCount), asc(serviceItems.id))
    .limit(4);
  const { id: _id, description, sampleRequirements, options, faq, examples, labLocation, keywords, standards, samplePrep, reportContents, sampleReport, ...summary } = row;
  return {
    ...toSummary(summary, fileHost),
    description,
    sampleRequirements,
    standards,
    samplePrep,
    reportContents,
    sampleReport: sampleReport ? fileUrl(fileHost, sampleReport) : null,
    options,
    faq,
    examples: examples.map((e) => ({ img: fileUrl(fileHost, e.img), caption: e.caption })),
    labLocation,
    keywords,
    related: related.map((r) => toSummary(r, fileHost)),
  };
}

export interface ServiceItemInput {
  typeId: number;
  groupId: number;
  childId?: number | null;
  name: string;
  img: string;
  sketch: string;
  description: string;
  model?: string | null;
  priceFen: number;
  unit: string;
  options?: PricedOption[];
  sampleRequirements: string;
  standards?: string[];
  samplePrep?: string;
  reportContents?: string;
  sampleReport?: string | null;
  turnaround: string;
  faq?: FaqEntry[];
  examples?: ExampleResult[];
  labLocation: string;
  keywords?: string[];
  orderCount?: number;
  hot?: boolean;
  reservable?: boolean;
  sort?: number;
}

export const buildSearchText = (input: Pick<ServiceItemInput, 'name' | 'model' | 'keywords' | 'sketch'>) =>
  [input.name, input.model ?? '', (input.keywords ?? []).join(' '), input.sketch].join(' | ').toLowerCase();

/** What separates search terms (and is no token of the search text). */
export const termSeparators = /[\s,，、]+/;

/** Every character and every adjacent pair of the search text that a search term can hold. */
export function buildSearchTokens(searchText: string): string[] {
  const chars = [...searchText];
  const tokens = new Set<string>();
  for (let i = 0; i < chars.length; i += 1) {
    const a = chars[i]!;
    if (termSeparators.test(a)) continue;
    tokens.add(a);
    const b = chars[i + 1];
    if (b !== undefined && !termSeparators.test(b)) tokens.add(a + b);
  }
  return [...tokens];
}

export function serviceItemValues(input: ServiceItemInput) {
  const searchText = buildSearchText(input);
  return {
    typeId: input.typeId,
    groupId: input.groupId,
    childId: input.childId ?? null,
    name: input.name,
    img: input.img,
    sketch: input.sketch,
    description: cleanHtml(input.description),
    model: input.model ?? null,
    priceFen: input.priceFen,
    unit: input.unit,
    options: input.options ?? [],
    sampleRequirements: input.sampleRequirements,
    standards: input.standards ?? [],
    samplePrep: input.samplePrep ?? '',
    reportContents: input.reportContents ?? '',
    sampleReport: input.sampleReport ?? null,
    turnaround: input.turnaround,
    faq: input.faq ?? [],
    examples: input.examples ?? [],
    labLocation: input.labLocation,
    keywords: input.keywords ?? [],
    orderCount: input.orderCount ?? 0,
    hot: input.hot ?? false,
    reservable: input.reservable ?? false,
    sort: input.sort ?? 0,
    searchText,
    searchTokens: buildSearchTokens(searchText),
    // stale: the writer calls refreshItemWords in the same transaction
    wordsVersion: 0,
  };
}

/** Items written before the token column existed get their tokens, and items cut by an older SEARCH_WORDS_VERSION their words (run at start-up by the seed). */
export async function backfillSearchTokens(db: DbOrTx): Promise<number> {
  await refreshItemWords(db);
  const rows = await db
    .select({ id: serviceItems.id, searchText: serviceItems.searchText })
    .from(serviceItems)
    .where(sql`cardinality(${serviceItems.searchTokens}) = 0 and ${serviceItems.searchText} <> ''`);
  for (const row of rows) await db.update(serviceItems).set({ searchTokens: buildSearchTokens(row.searchText) }).where(eq(serviceItems.id, row.id));
  return rows.length;
}

/** Creates items (the back office's and the seed's write path): description cleaned, search text built. */
export async function createServiceItems(db: Db, inputs: ServiceItemInput[]): Promise<string[]> {
  const rows = inputs.map((input) => ({ rid: randomId(), ...serviceItemValues(input) }));
  await withContentChange(db, async (tx) => {
    for (let i = 0; i < rows.length; i += 500) await tx.insert(serviceItems).values(rows.slice(i, i + 500));
    await refreshItemWords(tx);
  });
  return rows.map((r) => r.rid);
}

/** Edits an item; unknown rid answers 404. */
export async function updateServiceItem(db: Db, rid: string, input: ServiceItemInput, now = new Date()): Promise<void> {
  await withContentChange(db, async (tx) => {
    const [row] = await tx
      .update(serviceItems)
      .set({ ...serviceItemValues(input), updatedAt: now })
      .where(eq(serviceItems.rid, rid))
      .returning({ id: serviceItems.id });
    if (!row) throw itemNotFound();
    await refreshItemWords(tx);
  });
}

export async function setItemPublished(db: Db, rid: string, published: boolean, now = new Date()): Promise<void> {
  await withContentChange(db, async (tx) => {
    const [row] = await tx.update(serviceItems).set({ published, updatedAt: now }).where(eq(serviceItems.rid, rid)).returning({ id: serviceItems.id });
    if (!row) throw itemNotFound();
  });
}

/** How many items the public catalogue shows (检测项目 on /televised). */
export async function countPublishedItems(db: DbOrTx): Promise<number> {
  return db.$count(serviceItems, eq(serviceItems.published, true));
}

/** Items' names by rid (rids of no item are absent): what a banner linking an item shows (content/banner-links.ts). */
export async function itemNamesByRid(db: DbOrTx, rids: string[]): Promise<Map<string, string>> {
  if (rids.length === 0) return new Map();
  const rows = await db.select({ rid: serviceItems.rid, name: serviceItems.name }).from(serviceItems).where(inArray(serviceItems.rid, rids));
  return new Map(rows.map((row) => [row.rid, row.name]));
}
