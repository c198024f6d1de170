import { and, asc, inArray, lte, ne, sql } from 'drizzle-orm';
import { labDay } from '@lab/contract';
import type { Db } from '../../db/client';
import type { AppDeps } from '../../platform/deps';
import { randomId } from '../../platform/crypto';
import { postMessage } from '../messages';
import { orderNosOf } from '../orders';
import { vaultDeletionCertificates, vaultFiles, vaultParts } from './vault.tables';
import { VAULT_FOLDER, checkStoredFile, type VaultFileRow } from './vault-core';

/**
 * The vault's upkeep (decisions/0045): at the retention's end the objects are deleted and a
 * deletion certificate lists what went (names and hashes), kept for the member and announced in
 * an in-site message; monthly, a sample of stored files is hashed again and a changed one raises
 * a staff alert.
 */

export const VAULT_RETENTION_JOB = 'vault-retention';
export const VAULT_INTEGRITY_JOB = 'vault-integrity';
/** How many files one integrity run reads again: the ones checked longest ago. */
export const INTEGRITY_SAMPLE = 50;

type Deps = Pick<AppDeps, 'files'>;

export async function deleteExpiredFiles(db: Db, deps: Deps, now: Date, limit = 500): Promise<{ certificates: string[]; files: number }> {
  const due = await db
    .select()
    .from(vaultFiles)
    .where(and(ne(vaultFiles.state, 'deleted'), lte(vaultFiles.retentionEnd, now)))
    .orderBy(asc(vaultFiles.memberId), asc(vaultFiles.id))
    .limit(limit);
  const byMember = new Map<number, VaultFileRow[]>();
  for (const row of due) byMember.set(row.memberId, [...(byMember.get(row.memberId) ?? []), row]);
  const numbers = await orderNosOf(
    db,
    due.map((row) => row.orderId),
  );
  const certificates: string[] = [];
  for (const [memberId, rows] of byMember) {
    // the objects first: a row marked deleted names an object that is gone (a removal that fails is retried next run)
    for (const row of rows) await deps.files.remove(VAULT_FOLDER, row.storageKey);
    const rid = await db.transaction(async (tx) => {
      const ids = rows.map((row) => row.id);
      const marked = await tx
        .update(vaultFiles)
        .set({ state: 'deleted', deletedAt: now, uploadId: null })
        .where(and(inArray(vaultFiles.id, ids), ne(vaultFiles.state, 'deleted')))
        .returning({ id: vaultFiles.id });
      await tx.delete(vaultParts).where(inArray(vaultParts.fileId, ids));
      // an upload never finished holds no data of the member's: it goes without a line
      const listed = rows.filter((row) => row.state !== 'uploading' && marked.some((m) => m.id === row.id));
      if (!listed.length) return null;
      const certificate = randomId(16);
      await tx.insert(vaultDeletionCertificates).values({
        rid: certificate,
        memberId,
        deletedAt: now,
        files: listed.map((row) => ({
          orderNo: numbers.get(row.orderId) ?? '',
          sampleCode: row.sampleCode,
          name: row.name,
          size: row.size,
          sha256: row.sha256Verified ?? row.sha256Claimed,
          retentionEnd: row.retentionEnd.toISOString(),
        })),
      });
      await postMessage(
        tx,
        memberId,
        {
          kind: 'order',
          title: '原始数据已到期删除',
          content: `您的 ${listed.length} 个原始数据文件保存期已满，已于 ${labDay(now)} 删除。删除证明（文件名与 SHA-256）见数据保管箱。`,
          link: '/member/vault',
        },
        now,
      );
      return certificate;
    });
    if (rid) certificates.push(rid);
  }
  return { certificates, files: due.length };
}

/** Reads a sample of stored files again (those checked longest ago, and any still waiting for their first check). */
export async function checkIntegrity(db: Db, deps: Deps, now: Date, sample = INTEGRITY_SAMPLE): Promise<{ checked: number; mismatched: string[] }> {
  const rows = await db
    .select()
    .from(vaultFiles)
    .where(sql`${vaultFiles.state} in ('verified', 'verifying')`)
    .orderBy(sql`${vaultFiles.verifiedAt} asc nulls first`, asc(vaultFiles.id))
    .limit(sample);
  const mismatched: string[] = [];
  for (const row of rows) {
    if ((await checkStoredFile(db, deps.files, row, now)) === 'mismatch') mismatched.push(row.rid);
  }
  return { checked: rows.length, mismatched };
}

