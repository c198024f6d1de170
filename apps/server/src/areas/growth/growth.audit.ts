import { eq } from 'drizzle-orm';
import { auditEntity } from '../../platform/audit';
import { memberContact } from '../accounts';
import { exchangeItems, pointsApplications, pointsExchanges, promoterApplications } from './growth.tables';

/**
 * What the audit log keeps of the growth objects staff decide on (sales): a partner application,
 * a paper-award application, an item of the exchange catalogue, and an exchange to ship. Each
 * is keyed by its rid and read as a person would want to compare it before and after.
 */

export const partnerAudit = auditEntity<string>('partner', async (db, rid) => {
  const [a] = await db.select().from(promoterApplications).where(eq(promoterApplications.rid, String(rid))).limit(1);
  const member = a && (await memberContact(db, a.memberId));
  if (!a || !member) return null;
  return { rid: a.rid, memberRid: member.rid, name: a.name, phone: a.phone, organization: a.organization, channel: a.channel, status: a.status, reason: a.reason, decidedBy: a.decidedBy, decidedAt: a.decidedAt };
});

export const pointsApplicationAudit = auditEntity<string>('pointsApplication', async (db, rid) => {
  const [a] = await db.select().from(pointsApplications).where(eq(pointsApplications.rid, String(rid))).limit(1);
  const member = a && (await memberContact(db, a.memberId));
  if (!a || !member) return null;
  return { rid: a.rid, memberRid: member.rid, title: a.title, journal: a.journal, doi: a.doi, status: a.status, points: a.points, reason: a.reason, decidedBy: a.decidedBy, decidedAt: a.decidedAt };
});

export const exchangeItemAudit = auditEntity<string>('exchangeItem', async (db, rid) => {
  const [row] = await db.select().from(exchangeItems).where(eq(exchangeItems.rid, String(rid))).limit(1);
  if (!row) return null;
  return {
    rid: row.rid,
    name: row.name,
    kind: row.kind,
    description: row.description,
    img: row.img,
    points: row.points,
    stock: row.stock,
    exchangedCount: row.exchangedCount,
    active: row.active === 1,
    sort: row.sort,
  };
});

export const exchangeAudit = auditEntity<string>('exchange', async (db, rid) => {
  const [row] = await db
    .select({ e: pointsExchanges, itemName: exchangeItems.name })
    .from(pointsExchanges)
    .innerJoin(exchangeItems, eq(exchangeItems.id, pointsExchanges.itemId))
    .where(eq(pointsExchanges.rid, String(rid)))
    .limit(1);
  const member = row && (await memberContact(db, row.e.memberId));
  if (!row || !member) return null;
  return { rid: row.e.rid, memberRid: member.rid, item: row.itemName, points: row.e.points, status: row.e.status, shipTo: row.e.shipTo };
});
