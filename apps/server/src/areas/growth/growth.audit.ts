import { eq } from 'drizzle-orm';
import { members } from '../accounts/accounts.tables';
import { auditEntity } from '../../platform/audit';
import { exchangeItems, pointsApplications, pointsExchanges, promoterApplications } from './growth.tables';

/**
 * What the audit log keeps of the growth objects staff decide on (sales): a partner application,
 * a paper-award application, an item of the exchange catalogue, and an exchange to ship. Each
 * is keyed by its rid and read as a person would want to compare it before and after.
 */

export const partnerAudit = auditEntity<string>('partner', async (db, rid) => {
  const [row] = await db
    .select({ a: promoterApplications, memberRid: members.rid })
    .from(promoterApplications)
    .innerJoin(members, eq(members.id, promoterApplications.memberId))
    .where(eq(promoterApplications.rid, String(rid)))
    .limit(1);
  if (!row) return null;
  const { a } = row;
  return { rid: a.rid, memberRid: row.memberRid, name: a.name, phone: a.phone, organization: a.organization, channel: a.channel, status: a.status, reason: a.reason, decidedBy: a.decidedBy, decidedAt: a.decidedAt };
});

export const pointsApplicationAudit = auditEntity<string>('pointsApplication', async (db, rid) => {
  const [row] = await db
    .select({ a: pointsApplications, memberRid: members.rid })
    .from(pointsApplications)
    .innerJoin(members, eq(members.id, pointsApplications.memberId))
    .where(eq(pointsApplications.rid, String(rid)))
    .limit(1);
  if (!row) return null;
  const { a } = row;
  return { rid: a.rid, memberRid: row.memberRid, title: a.title, journal: a.journal, doi: a.doi, status: a.status, points: a.points, reason: a.reason, decidedBy: a.decidedBy, decidedAt: a.decidedAt };
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
    .select({ e: pointsExchanges, itemName: exchangeItems.name, memberRid: members.rid })
    .from(pointsExchanges)
    .innerJoin(exchangeItems, eq(exchangeItems.id, pointsExchanges.itemId))
    .innerJoin(members, eq(members.id, pointsExchanges.memberId))
    .where(eq(pointsExchanges.rid, String(rid)))
    .limit(1);
  if (!row) return null;
  return { rid: row.e.rid, memberRid: row.memberRid, item: row.itemName, points: row.e.points, status: row.e.status, shipTo: row.e.shipTo };
});
