import { and, asc, count, desc, eq, inArray, ne, sql, type SQL } from 'drizzle-orm';
import type {
  AdminServiceChild,
  AdminServiceGroup,
  AdminServiceItem,
  AdminServiceItemRow,
  Page,
  PricedOption,
  ServiceChildAddBody,
  ServiceChildUpdateBody,
  ServiceGroupAddBody,
  ServiceGroupListBody,
  ServiceGroupUpdateBody,
  ServiceItemBody,
  ServiceItemListBody,
  ServiceOptionInput,
} from '@lab/contract';
import { queryRows, type Db, type DbOrTx, type Tx } from '../../db/client';
import { paginate } from '../../db/paginate';
import { auditEntity } from '../../platform/audit';
import { badRequest, conflict, notFound } from '../../platform/errors';
import { randomId } from '../../platform/crypto';
import { fileUrl, withContentChange } from '../content';
import { couponTemplates } from '../funds/funds.tables';
import { likeContains, searchTerms, serviceItemValues, setItemPublished, termMatch, type ServiceItemInput } from './catalog.service';
import { serviceChildren, serviceGroups, serviceItems } from './catalog.tables';

/**
 * The catalogue as the admin edits it. Every write runs through `withContentChange`, so the
 * home page's cache on every server instance and every public call see it at once. Items are
 * never deleted (orders and plans point at them): they are withdrawn (下架) instead; a group
 * or sub-type can go only while no item uses it.
 */

type GroupRow = typeof serviceGroups.$inferSelect;
type ChildRow = typeof serviceChildren.$inferSelect;
type ItemRow = typeof serviceItems.$inferSelect;

const itemNotFound = () => notFound('服务项目');

// ---- audit snapshots ----

export const serviceGroupAudit = auditEntity<number>('serviceGroup', async (db, id) => {
  const [group] = await db.select().from(serviceGroups).where(eq(serviceGroups.id, Number(id))).limit(1);
  if (!group) return null;
  const children = await db.select().from(serviceChildren).where(eq(serviceChildren.groupId, group.id)).orderBy(asc(serviceChildren.sort), asc(serviceChildren.id));
  return { ...group, children: children.map((c) => ({ id: c.id, name: c.name, sort: c.sort })) };
});

export const serviceChildAudit = auditEntity<number>('serviceChild', async (db, id) => {
  const [child] = await db.select().from(serviceChildren).where(eq(serviceChildren.id, Number(id))).limit(1);
  return child ?? null;
});

/** What staff edit on an item (not the search columns, which follow from them). */
function itemSnapshot(row: ItemRow) {
  return {
    rid: row.rid,
    typeId: row.typeId,
    groupId: row.groupId,
    childId: row.childId,
    name: row.name,
    img: row.img,
    sketch: row.sketch,
    description: row.description,
    model: row.model,
    priceFen: row.priceFen,
    unit: row.unit,
    options: row.options,
    sampleRequirements: row.sampleRequirements,
    turnaround: row.turnaround,
    faq: row.faq,
    examples: row.examples,
    labLocation: row.labLocation,
    keywords: row.keywords,
    hot: row.hot,
    reservable: row.reservable,
    sort: row.sort,
    published: row.published,
  };
}

export const serviceItemAudit = auditEntity<string>('serviceItem', async (db, rid) => {
  const [row] = await db.select().from(serviceItems).where(eq(serviceItems.rid, String(rid))).limit(1);
  return row ? itemSnapshot(row) : null;
});

// ---- groups and sub-types ----

/** New ids for groups and sub-types: the next number, taken under a lock so two admins never get the same. */
async function nextId(tx: Tx, table: 'service_groups' | 'service_children'): Promise<number> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`${table}.id`}))`);
  const rows = await queryRows<{ next: number }>(tx, sql`select coalesce(max(id), 0) + 1 as next from ${sql.identifier(table)}`);
  return Number(rows[0]?.next ?? 1);
}

function toAdminGroup(group: GroupRow, children: AdminServiceChild[], counts: { itemCount: number; publishedCount: number }, fileHost: string): AdminServiceGroup {
  return {
    id: group.id,
    typeId: group.typeId,
    name: group.name,
    img: group.img,
    imgUrl: fileUrl(fileHost, group.img),
    description: group.description,
    sort: group.sort,
    visible: group.visible,
    itemCount: counts.itemCount,
    publishedCount: counts.publishedCount,
    children,
  };
}

/** Groups (all types, or one) with their sub-types and how many items each holds: three queries. */
export async function listServiceGroups(db: DbOrTx, query: ServiceGroupListBody, fileHost: string, onlyId?: number): Promise<AdminServiceGroup[]> {
  const groupFilter = and(query.typeId === undefined ? undefined : eq(serviceGroups.typeId, query.typeId), onlyId === undefined ? undefined : eq(serviceGroups.id, onlyId));
  const groups = await db.select().from(serviceGroups).where(groupFilter).orderBy(asc(serviceGroups.typeId), asc(serviceGroups.sort), asc(serviceGroups.id));
  if (groups.length === 0) return [];
  const [children, counts] = await Promise.all([
    db
      .select({ child: serviceChildren })
      .from(serviceChildren)
      .innerJoin(serviceGroups, eq(serviceGroups.id, serviceChildren.groupId))
      .where(groupFilter)
      .orderBy(asc(serviceChildren.sort), asc(serviceChildren.id)),
    // (type, group, child) is indexed: the counts come from the index, not the wide rows
    db
      .select({
        groupId: serviceItems.groupId,
        childId: serviceItems.childId,
        n: count(),
        published: sql<number>`count(*) filter (where ${serviceItems.published})`.mapWith(Number),
      })
      .from(serviceItems)
      .where(and(query.typeId === undefined ? undefined : eq(serviceItems.typeId, query.typeId), onlyId === undefined ? undefined : eq(serviceItems.groupId, onlyId)))
      .groupBy(serviceItems.groupId, serviceItems.childId),
  ]);
  return groups.map((group) => {
    const mine = counts.filter((c) => c.groupId === group.id);
    const kids = children
      .filter(({ child }) => child.groupId === group.id)
      .map(({ child }) => ({ id: child.id, groupId: child.groupId, name: child.name, sort: child.sort, itemCount: mine.find((c) => c.childId === child.id)?.n ?? 0 }));
    return toAdminGroup(group, kids, { itemCount: mine.reduce((sum, c) => sum + c.n, 0), publishedCount: mine.reduce((sum, c) => sum + c.published, 0) }, fileHost);
  });
}

async function getServiceGroup(db: DbOrTx, id: number, fileHost: string): Promise<AdminServiceGroup> {
  const [group] = await listServiceGroups(db, {}, fileHost, id);
  if (!group) throw notFound('分类');
  return group;
}

async function assertGroupNameFree(tx: Tx, typeId: number, name: string, exceptId?: number) {
  const [same] = await tx
    .select({ id: serviceGroups.id })
    .from(serviceGroups)
    .where(and(eq(serviceGroups.typeId, typeId), eq(serviceGroups.name, name), exceptId === undefined ? undefined : ne(serviceGroups.id, exceptId)))
    .limit(1);
  if (same) throw conflict(`该服务类型下已有名为「${name}」的分类`);
}

export async function addServiceGroup(db: Db, input: ServiceGroupAddBody, fileHost: string): Promise<AdminServiceGroup> {
  const id = await withContentChange(db, async (tx) => {
    const id = await nextId(tx, 'service_groups');
    await assertGroupNameFree(tx, input.typeId, input.name);
    await tx.insert(serviceGroups).values({ id, typeId: input.typeId, name: input.name, img: input.img, description: input.tags, sort: input.sort, visible: input.visible });
    return id;
  });
  return getServiceGroup(db, id, fileHost);
}

/** Moving a group to another service type moves its items with it (an item's type is its group's). */
export async function updateServiceGroup(db: Db, input: ServiceGroupUpdateBody, fileHost: string): Promise<AdminServiceGroup> {
  await withContentChange(db, async (tx) => {
    const [group] = await tx.select().from(serviceGroups).where(eq(serviceGroups.id, input.id)).for('update');
    if (!group) throw notFound('分类');
    await assertGroupNameFree(tx, input.typeId, input.name, group.id);
    await tx
      .update(serviceGroups)
      .set({ typeId: input.typeId, name: input.name, img: input.img, description: input.tags, sort: input.sort, visible: input.visible })
      .where(eq(serviceGroups.id, group.id));
    if (group.typeId !== input.typeId) await tx.update(serviceItems).set({ typeId: input.typeId }).where(eq(serviceItems.groupId, group.id));
  });
  return getServiceGroup(db, input.id, fileHost);
}

/**
 * A group goes only while empty (its sub-types go with it). A group with items is hidden
 * instead; one a coupon is limited to stays, so the coupon never points at a stranger.
 */
export async function deleteServiceGroup(db: Db, id: number): Promise<void> {
  await withContentChange(db, async (tx) => {
    const [group] = await tx.select().from(serviceGroups).where(eq(serviceGroups.id, id)).for('update');
    if (!group) throw notFound('分类');
    const [items] = await tx.select({ n: count() }).from(serviceItems).where(eq(serviceItems.groupId, id));
    if ((items?.n ?? 0) > 0) throw conflict(`该分类下还有${items!.n}个服务项目，不能删除；不再提供时可将其隐藏`);
    const [coupon] = await tx
      .select({ name: couponTemplates.name })
      .from(couponTemplates)
      .where(sql`${couponTemplates.scope}->>'kind' = 'groups' and ${couponTemplates.scope}->'ids' @> to_jsonb(${id}::int)`)
      .limit(1);
    if (coupon) throw conflict(`优惠券「${coupon.name}」限该分类使用，不能删除；可将其隐藏`);
    await tx.delete(serviceChildren).where(eq(serviceChildren.groupId, id));
    await tx.delete(serviceGroups).where(eq(serviceGroups.id, id));
  });
}

async function childCount(db: DbOrTx, childId: number): Promise<number> {
  const [row] = await db.select({ n: count() }).from(serviceItems).where(eq(serviceItems.childId, childId));
  return row?.n ?? 0;
}

const toAdminChild = (child: ChildRow, itemCount: number): AdminServiceChild => ({ id: child.id, groupId: child.groupId, name: child.name, sort: child.sort, itemCount });

async function assertChildNameFree(tx: Tx, groupId: number, name: string, exceptId?: number) {
  const [same] = await tx
    .select({ id: serviceChildren.id })
    .from(serviceChildren)
    .where(and(eq(serviceChildren.groupId, groupId), eq(serviceChildren.name, name), exceptId === undefined ? undefined : ne(serviceChildren.id, exceptId)))
    .limit(1);
  if (same) throw conflict(`该分类下已有名为「${name}」的子类`);
}

export async function addServiceChild(db: Db, input: ServiceChildAddBody): Promise<AdminServiceChild> {
  return withContentChange(db, async (tx) => {
    // the group stays while its sub-type is added (a delete waits for this transaction)
    const [group] = await tx.select({ id: serviceGroups.id }).from(serviceGroups).where(eq(serviceGroups.id, input.groupId)).for('share');
    if (!group) throw notFound('分类');
    await assertChildNameFree(tx, group.id, input.name);
    const id = await nextId(tx, 'service_children');
    const [child] = await tx.insert(serviceChildren).values({ id, groupId: group.id, name: input.name, sort: input.sort }).returning();
    return toAdminChild(child!, 0);
  });
}

export async function updateServiceChild(db: Db, input: ServiceChildUpdateBody): Promise<AdminServiceChild> {
  return withContentChange(db, async (tx) => {
    const [child] = await tx.select().from(serviceChildren).where(eq(serviceChildren.id, input.id)).for('update');
    if (!child) throw notFound('子类');
    await assertChildNameFree(tx, child.groupId, input.name, child.id);
    const [updated] = await tx.update(serviceChildren).set({ name: input.name, sort: input.sort }).where(eq(serviceChildren.id, child.id)).returning();
    return toAdminChild(updated!, await childCount(tx, child.id));
  });
}

export async function deleteServiceChild(db: Db, id: number): Promise<void> {
  await withContentChange(db, async (tx) => {
    const [child] = await tx.select().from(serviceChildren).where(eq(serviceChildren.id, id)).for('update');
    if (!child) throw notFound('子类');
    const used = await childCount(tx, id);
    if (used > 0) throw conflict(`该子类下还有${used}个服务项目，请先将它们移到其他子类`);
    await tx.delete(serviceChildren).where(eq(serviceChildren.id, id));
  });
}

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
      return { id: kept, label: choice.label, priceFen: choice.price };
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
  });
  return getServiceItem(db, rid, fileHost);
}

/** Publish (上架) or withdraw (下架): a withdrawn item leaves the site but stays in orders and plans. */
export async function publishServiceItem(db: Db, rid: string, published: boolean, now: Date): Promise<{ rid: string; published: boolean }> {
  await setItemPublished(db, rid, published, now);
  return { rid, published };
}
