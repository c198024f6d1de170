import { eq } from 'drizzle-orm';
import { auditEntity } from '../../platform/audit';
import { vaultFiles } from './vault.tables';

/** A vault file as the audit log keeps it (not its storage names). */
export const vaultFileAudit = auditEntity<string>('vault_file', async (db, rid) => {
  const [row] = await db
    .select({ rid: vaultFiles.rid, orderId: vaultFiles.orderId, sampleCode: vaultFiles.sampleCode, instrument: vaultFiles.instrument, name: vaultFiles.name, size: vaultFiles.size, sha256Claimed: vaultFiles.sha256Claimed, state: vaultFiles.state, retentionEnd: vaultFiles.retentionEnd })
    .from(vaultFiles)
    .where(eq(vaultFiles.rid, rid))
    .limit(1);
  return row ?? null;
});
