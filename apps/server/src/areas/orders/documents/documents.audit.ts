import { eq } from 'drizzle-orm';
import { auditEntity } from '../../../platform/audit';
import { sealedDocuments } from './documents.tables';

/** A sealed document in the audit log, by its number: what it is, its hashes and its state (never the stored file name). */
export const documentAudit = auditEntity<string>('sealed_document', async (db, no) => {
  const [d] = await db.select().from(sealedDocuments).where(eq(sealedDocuments.no, String(no))).limit(1);
  if (!d) return null;
  return {
    no: d.no,
    kind: d.kind,
    title: d.title,
    amountFen: d.amountFen,
    sha256: d.sha256,
    issuedAt: d.issuedAt,
    expiresAt: d.expiresAt,
    revokedAt: d.revokedAt,
    revokeReason: d.revokeReason,
    supersededBy: d.supersededBy,
  };
});
