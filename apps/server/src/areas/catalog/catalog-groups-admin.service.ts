import { and, asc, count, eq, ne, sql } from 'drizzle-orm';
import type {
  AdminServiceChild,
  AdminServiceGroup,
  ServiceChildAddBody,
  ServiceChildUpdateBody,
  ServiceGroupAddBody,
  ServiceGroupListBody,
  ServiceGroupUpdateBody,
} from '@lab/contract';
import { queryRows, type Db, type DbOrTx, type Tx } from '../../db/client';
import { conflict, notFound } from '../../platform/errors';
import { fileUrl, withContentChange } from '../content';
import { whyGroupInUse } from './group-guards';
import { serviceChildren, serviceGroups, serviceItems } from './catalog.tables';
import { refreshItemWords, staleItemWords } from './item-words';

/**
 * The catalogue's groups and sub-types as the admin edits them (items: catalog-items-admin.service.ts).
 * Every write runs through `withContentChange`, so the home page's cache on every server
 * instance and every public call see it at once. A group or sub-type can go only while no item
 * uses it.
 */

type GroupRow = typeof serviceGroups.$inferSelect;
type ChildRow = typeof serviceChildren.$inferSelect;

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
    if (group.name !== input.name) {
      // the group's name is among its items' search words
      await staleItemWords(tx, { groupId: group.id });
      await refreshItemWords(tx);
    }
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
    // a coupon limited to it (funds): group-guards.ts
    const inUse = await whyGroupInUse(tx, id);
    if (inUse) throw conflict(inUse);
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
    if (child.name !== input.name) {
      // the sub-type's name is its items' technique, among their title words
      await staleItemWords(tx, { childId: child.id });
      await refreshItemWords(tx);
    }
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
