import { and, asc, desc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { AdminServiceItem, AdminServiceItemRow, Page, PricedOption, ServiceItemBody, ServiceItemListBody, ServiceOptionInput } from '@lab/contract';
import type { Db, DbOrTx, Tx } from '../../db/client';
import { paginate } from '../../db/paginate';
import { badRequest, notFound } from '../../platform/errors';
import { randomId } from '../../platform/crypto';
import { fileUrl, withContentChange } from '../content';
import { serviceItemValues, setItemPublished, type ServiceItemInput } from './catalog.service';
import { refreshItemWords } from './item-words';
import { likeContains, searchTerms, termMatch } from './catalog-search';
import { serviceChildren, serviceGroups, serviceItems } from './catalog.tables';

/**
 * The catalogue's items as the admin edits them (groups and sub-types: catalog-groups-admin.service.ts).
 * Every write runs through `withContentChange`, so the home page's cache on every server
 * instance and every public call see it at once. Items are never deleted (orders and plans
 * point at them): they are withdrawn (下架) instead.
 */


const itemNotFound = () => notFound('服务项目');

// ---- items: the table ----

const rowColumns = {
  rid: serviceItems.rid,
  name: serviceItems.name,
  img: serviceItems.img,
  model: serviceItems.model,
  typeId: serviceItems.typeId,
  groupId: serviceItems.groupId,
  groupName: serviceGroups.name,
  childId: serviceItems.childId,
  childName: serviceChildren.name,
  priceFen: serviceItems.priceFen,
  unit: serviceItems.unit,
  orderCount: serviceItems.orderCount,
  published: serviceItems.published,
  hot: serviceItems.hot,
  reservable: serviceItems.reservable,
  sort: serviceItems.sort,
  updatedAt: serviceItems.updatedAt,
};

const sortColumns = { sort: serviceItems.sort, orderCount: serviceItems.orderCount, priceFen: serviceItems.priceFen, updatedAt: serviceItems.updatedAt } as const;

/**
 * The items table: every filter and the sort in SQL, one query for the page (with its group
 * and sub-type names joined) and one for the total. The keyword must occur in the name or the
 * model; the search text (which holds both) is tested first, through its trigram or token index.
 */
export async function listServiceItems(db: DbOrTx, query: ServiceItemListBody, fileHost: string): Promise<Page<AdminServiceItemRow>> {
  const filters: (SQL | undefined)[] = [
    query.typeId === undefined ? undefined : eq(serviceItems.typeId, query.typeId),
    query.groupId === undefined ? undefined : eq(serviceItems.groupId, query.groupId),
    query.childId === undefined ? undefined : eq(serviceItems.childId, query.childId),
    query.published === undefined ? undefined : eq(serviceItems.published, query.published),
    query.hot === undefined ? undefined : eq(serviceItems.hot, query.hot),
    query.reservable === undefined ? undefined : eq(serviceItems.reservable, query.reservable),
    ...searchTerms(query.keyword).map(
      (term) =>
        sql`(${termMatch(term)} and (lower(${serviceItems.name}) like ${likeContains(term)} or lower(coalesce(${serviceItems.model}, '')) like ${likeContains(term)}))`,
    ),
  ];
  const where = and(...filters);
  const order: SQL[] = query.sort
    ? [query.order === 'ascend' ? asc(sortColumns[query.sort]) : desc(sortColumns[query.sort])]
    : [asc(serviceItems.sort), desc(serviceItems.orderCount)];
  order.push(asc(serviceItems.id));
  // The page's ids are chosen first on the narrow columns; only those rows are joined to
  // their names and read in full (sorting every joined wide row cost twice as much at 10,000 items).
  return paginate(
    query,
    (w) =>
      db
        .select(rowColumns)
        .from(serviceItems)
        .innerJoin(serviceGroups, eq(serviceGroups.id, serviceItems.groupId))
        .leftJoin(serviceChildren, eq(serviceChildren.id, serviceItems.childId))
        .where(inArray(serviceItems.id, db.select({ id: serviceItems.id }).from(serviceItems).where(where).orderBy(...order).limit(w.limit).offset(w.offset)))
        .orderBy(...order),
    () => db.$count(serviceItems, where),
    (rows) => rows.map(({ img, updatedAt, ...row }): AdminServiceItemRow => ({ ...row, imgUrl: fileUrl(fileHost, img), updatedAt: updatedAt.toISOString() })),
  );
}

export async function getServiceItem(db: DbOrTx, rid: string, fileHost: string): Promise<AdminServiceItem> {
  const [found] = await db
    .select({ item: serviceItems, groupName: serviceGroups.name, childName: serviceChildren.name })
    .from(serviceItems)
    .innerJoin(serviceGroups, eq(serviceGroups.id, serviceItems.groupId))
    .leftJoin(serviceChildren, eq(serviceChildren.id, serviceItems.childId))
    .where(eq(serviceItems.rid, rid))
    .limit(1);
  if (!found) throw itemNotFound();
  const { item } = found;
  return {
    rid: item.rid,
    name: item.name,
    img: item.img,
    imgUrl: fileUrl(fileHost, item.img),
    model: item.model,
    typeId: item.typeId,
    groupId: item.groupId,
    groupName: found.groupName,
    childId: item.childId,
    childName: found.childName,
    priceFen: item.priceFen,
    unit: item.unit,
    orderCount: item.orderCount,
    published: item.published,
    hot: item.hot,
    reservable: item.reservable,
    sort: item.sort,
    updatedAt: item.updatedAt.toISOString(),
    createdAt: item.createdAt.toISOString(),
    sketch: item.sketch,
    description: item.description,
    options: item.options,
    sampleRequirements: item.sampleRequirements,
    standards: item.standards,
    samplePrep: item.samplePrep,
    reportContents: item.reportContents,
    sampleReport: item.sampleReport,
    turnaround: item.turnaround,
    faq: item.faq,
    examples: item.examples.map((e) => ({ img: e.img, imgUrl: fileUrl(fileHost, e.img), caption: e.caption })),
    labLocation: item.labLocation,
    keywords: item.keywords,
  };
}

// ---- items: options ----

/** Option and choice ids added to an item that already exists start here or above (seconds since 2024-01-01). */
const idFloor = (now: Date) => Math.floor((now.getTime() - Date.UTC(2024, 0, 1)) / 1000);

/**
 * Numbers the options and their choices. An option or choice the item already has keeps its
 * id, so a member's plan line keeps pointing at what they chose. A new one gets an id the
 * item has never used: members' plans hold ids, and an id reused for another option after a
 * removal would silently give an old plan line a choice nobody made (it must turn invalid
 * instead). New items start at 1; an edit numbers from the clock upwards, which never goes back.
 */
export function numberOptions(input: ServiceOptionInput[], stored: PricedOption[], floor: number): PricedOption[] {
  const storedById = new Map(stored.map((option) => [option.id, option]));
  const taken = new Set<number>();
  let nextOption = Math.max(floor, ...stored.map((o) => o.id), 0);
  return input.map((option) => {
    const before = option.id !== undefined && !taken.has(option.id) ? storedById.get(option.id) : undefined;
    const id = before ? before.id : ++nextOption;
    taken.add(id);
    const storedChoices = new Map((before?.choices ?? []).map((choice) => [choice.id, choice]));
    const takenChoices = new Set<number>();
    let nextChoice = Math.max(before ? floor : 0, ...(before?.choices ?? []).map((c) => c.id), 0);
    const choices = option.choices.map((choice) => {
      const kept = choice.id !== undefined && !takenChoices.has(choice.id) && storedChoices.has(choice.id) ? choice.id : ++nextChoice;
      takenChoices.add(kept);
      return { id: kept, label: choice.label, priceFen: choice.price, ...(choice.slot ? { slot: choice.slot } : {}) };
    });
    return { id, name: option.name, choices };
  });
}

// ---- items: writes ----

/**
 * The group (and sub-type) an item goes into, read with a share lock so a delete of either
 * waits for this transaction; the item's type is its group's.
 */
async function placeItem(tx: Tx, groupId: number, childId: number | undefined): Promise<{ typeId: number; childId: number | null }> {
  const [group] = await tx.select({ id: serviceGroups.id, typeId: serviceGroups.typeId }).from(serviceGroups).where(eq(serviceGroups.id, groupId)).for('share');
  if (!group) throw badRequest('[所属分类]不存在');
  if (childId === undefined) return { typeId: group.typeId, childId: null };
  const [child] = await tx.select({ id: serviceChildren.id, groupId: serviceChildren.groupId }).from(serviceChildren).where(eq(serviceChildren.id, childId)).for('share');
  if (!child) throw badRequest('[子类]不存在');
  if (child.groupId !== group.id) throw badRequest('[子类]不属于所选分类');
  return { typeId: group.typeId, childId: child.id };
}

function itemInput(input: ServiceItemBody, place: { typeId: number; childId: number | null }, options: PricedOption[]): ServiceItemInput {
  return {
    typeId: place.typeId,
    groupId: input.groupId,
    childId: place.childId,
    name: input.name,
    img: input.img,
    sketch: input.sketch,
    description: input.description,
    model: input.model ?? null,
    priceFen: input.price,
    unit: input.unit,
    options,
    sampleRequirements: input.sampleRequirements,
    standards: input.standards,
    samplePrep: input.samplePrep,
    reportContents: input.reportContents,
    sampleReport: input.sampleReport,
    turnaround: input.turnaround,
    faq: input.faq,
    examples: input.examples.map((e) => ({ img: e.img, caption: e.caption })),
    labLocation: input.labLocation,
    keywords: input.keywords,
    hot: input.hot,
    reservable: input.reservable,
    sort: input.sort,
  };
}

/**
 * A new item, published at once (the catalogue's own value builder cleans the rich text and
 * builds the search text and tokens).
 */
export async function addServiceItem(db: Db, input: ServiceItemBody, now: Date): Promise<{ rid: string }> {
  return withContentChange(db, async (tx) => {
    const place = await placeItem(tx, input.groupId, input.childId);
    const { orderCount: _orderCount, ...values } = serviceItemValues(itemInput(input, place, numberOptions(input.options, [], 0)));
    const rid = randomId();
    await tx.insert(serviceItems).values({ rid, ...values, createdAt: now, updatedAt: now });
    await refreshItemWords(tx);
    return { rid };
  });
}

/** Edits every field (the order count stays the shop's own) and answers the item as saved. */
export async function editServiceItem(db: Db, rid: string, input: ServiceItemBody, now: Date, fileHost: string): Promise<AdminServiceItem> {
  await withContentChange(db, async (tx) => {
    const [item] = await tx.select({ id: serviceItems.id, options: serviceItems.options }).from(serviceItems).where(eq(serviceItems.rid, rid)).for('update');
    if (!item) throw itemNotFound();
    const place = await placeItem(tx, input.groupId, input.childId);
    const options = numberOptions(input.options, item.options, idFloor(now));
    const { orderCount: _orderCount, ...values } = serviceItemValues(itemInput(input, place, options));
    await tx.update(serviceItems).set({ ...values, updatedAt: now }).where(eq(serviceItems.id, item.id));
    await refreshItemWords(tx);
  });
  return getServiceItem(db, rid, fileHost);
}

/** Publish (上架) or withdraw (下架): a withdrawn item leaves the site but stays in orders and plans. */
export async function publishServiceItem(db: Db, rid: string, published: boolean, now: Date): Promise<{ rid: string; published: boolean }> {
  await setItemPublished(db, rid, published, now);
  return { rid, published };
}
