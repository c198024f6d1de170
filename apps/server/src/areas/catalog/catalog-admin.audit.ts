import { asc, eq } from 'drizzle-orm';
import { auditEntity } from '../../platform/audit';
import { serviceChildren, serviceGroups, serviceItems } from './catalog.tables';

type ItemRow = typeof serviceItems.$inferSelect;

/** How the back office's catalogue changes read in the audit log: a group with its sub-types, a sub-type, an item. */

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
