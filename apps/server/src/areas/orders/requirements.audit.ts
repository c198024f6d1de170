import { eq } from 'drizzle-orm';
import { members } from '../accounts/accounts.tables';
import { auditEntity } from '../../platform/audit';
import { contracts, requirements } from './orders.tables';

/**
 * A requirement (测试需求) and a contract in the audit log, keyed by rid: the quote as stored
 * (item ids, counts, option choices and the total), the state, and the files by name — never
 * the stored file names on disk.
 */

export const requirementAudit = auditEntity<string>('requirement', async (db, rid) => {
  const [row] = await db
    .select({ r: requirements, memberRid: members.rid })
    .from(requirements)
    .innerJoin(members, eq(members.id, requirements.memberId))
    .where(eq(requirements.rid, String(rid)))
    .limit(1);
  if (!row) return null;
  const { r } = row;
  return {
    rid: r.rid,
    memberRid: row.memberRid,
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
  const [row] = await db
    .select({ c: contracts, memberRid: members.rid })
    .from(contracts)
    .innerJoin(members, eq(members.id, contracts.memberId))
    .where(eq(contracts.rid, String(rid)))
    .limit(1);
  if (!row) return null;
  const { c } = row;
  return {
    rid: c.rid,
    memberRid: row.memberRid,
    kind: c.kind,
    title: c.title,
    status: c.status,
    hasLabFile: c.fileStoredName !== null,
    hasSigned: c.signedStoredName !== null,
    signedAt: c.signedAt,
    confirmedAt: c.confirmedAt,
  };
});
