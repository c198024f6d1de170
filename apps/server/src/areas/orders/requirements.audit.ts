import { eq } from 'drizzle-orm';
import { memberContact } from '../accounts';
import { auditEntity } from '../../platform/audit';
import { contracts, requirements } from './requirements.tables';

/**
 * A requirement (测试需求) and a contract in the audit log, keyed by rid: the quote as stored
 * (item ids, counts, option choices and the total), the state, and the files by name — never
 * the stored file names on disk.
 */

export const requirementAudit = auditEntity<string>('requirement', async (db, rid) => {
  const [r] = await db.select().from(requirements).where(eq(requirements.rid, String(rid))).limit(1);
  const member = r ? await memberContact(db, r.memberId) : null;
  if (!r || !member) return null;
  return {
    rid: r.rid,
    memberRid: member.rid,
    title: r.title,
    status: r.status,
    quoteLines: r.quoteLines,
    quoteTotalFen: r.quoteTotalFen,
    quoteNote: r.quoteNote,
    quotedAt: r.quotedAt,
    quotedBy: r.quotedBy,
    closeReason: r.closeReason,
    files: r.files.map((f) => f.name),
  };
});

export const contractAudit = auditEntity<string>('contract', async (db, rid) => {
  const [c] = await db.select().from(contracts).where(eq(contracts.rid, String(rid))).limit(1);
  const member = c ? await memberContact(db, c.memberId) : null;
  if (!c || !member) return null;
  return {
    rid: c.rid,
    memberRid: member.rid,
    kind: c.kind,
    title: c.title,
    status: c.status,
    hasLabFile: c.fileStoredName !== null,
    hasSigned: c.signedStoredName !== null,
    signedAt: c.signedAt,
    confirmedAt: c.confirmedAt,
  };
});
