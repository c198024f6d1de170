import { eq } from 'drizzle-orm';
import { auditEntity } from '../../../platform/audit';
import { samplings } from './pickups.tables';

/** A home pickup as the audit log keeps it (by rid): when, where, and whether it was collected by whom. */
export const samplingAudit = auditEntity<string>('sampling', async (db, rid) => {
  const [row] = await db.select().from(samplings).where(eq(samplings.rid, String(rid))).limit(1);
  if (!row) return null;
  return { rid: row.rid, date: row.pickupDate, time: row.timeSlot, address: row.sendAddress, status: row.status, staffId: row.staffId, collectedAt: row.collectedAt, cancelledAt: row.cancelledAt };
});
