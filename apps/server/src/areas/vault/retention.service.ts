import { and, asc, eq, gt, inArray, isNull, lte, ne, sql } from 'drizzle-orm';
import { labDay } from '@lab/contract';
import type { Db, DbOrTx } from '../../db/client';
import type { AppDeps } from '../../platform/deps';
import { randomId } from '../../platform/crypto';
import { postMessage } from '../messages';
import { lockOrders, orderNosOf } from '../orders';
import { reviseOpenExtensions } from './extension.service';
import { vaultDeletionCertificates, vaultExtensions, vaultFiles, vaultParts, vaultShareLinks } from './vault.tables';
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

/** `memberId`: only that member's files; `tell: false`: no in-site message (an account being closed). */
export async function deleteExpiredFiles(
  db: Db,
  deps: Deps,
  now: Date,
  options: { limit?: number; memberId?: number; tell?: boolean } = {},
): Promise<{ certificates: string[]; files: number }> {
  const { limit = 500, memberId: only, tell = true } = options;
  const due = await db
    .select()
    .from(vaultFiles)
    .where(and(ne(vaultFiles.state, 'deleted'), lte(vaultFiles.retentionEnd, now), only === undefined ? undefined : eq(vaultFiles.memberId, only)))
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
    const rid = await db.transaction(async (tx) => {
      // an extension not yet paid that names these files: its order locked first, as a payment
      // locks it before it moves the files' ends (order, then files: the two queue, never deadlock)
      const foreseen = await tx
        .select({ orderId: vaultExtensions.orderId, fileIds: vaultExtensions.fileIds })
        .from(vaultExtensions)
        .where(and(eq(vaultExtensions.memberId, memberId), isNull(vaultExtensions.appliedAt)));
      const candidates = new Set(rows.map((row) => row.id));
      const orderIds = foreseen.filter((extension) => extension.fileIds.some((id) => candidates.has(id))).map((extension) => extension.orderId);
      if (orderIds.length) await lockOrders(tx, { ids: orderIds });
      // the files locked and read again: an extension paid meanwhile moved their end, and they stay
      const still = await tx
        .select()
        .from(vaultFiles)
        .where(and(inArray(vaultFiles.id, [...candidates]), ne(vaultFiles.state, 'deleted'), lte(vaultFiles.retentionEnd, now)))
        .orderBy(asc(vaultFiles.id))
        .for('update');
      if (!still.length) return null;
      // the objects first: a row marked deleted names an object that is gone (a removal that fails
      // rolls the member's rows back, and the next run tries again)
      for (const row of still) await deps.files.remove(VAULT_FOLDER, row.storageKey);
      const ids = still.map((row) => row.id);
      await tx.update(vaultFiles).set({ state: 'deleted', deletedAt: now, uploadId: null }).where(inArray(vaultFiles.id, ids));
      await tx.delete(vaultParts).where(inArray(vaultParts.fileId, ids));
      // what an unpaid extension named and is gone now is not charged for (decisions/0066)
      await reviseOpenExtensions(tx, memberId, new Map(still.map((row) => [row.id, row.name])), now);
      // an upload never finished holds no data of the member's: it goes without a line
      const listed = still.filter((row) => row.state !== 'uploading');
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
      if (tell) {
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
      }
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


/**
 * 注销账号 (privacy's closure, in its transaction; decisions/0053): the member's share links are
 * revoked and every file of theirs falls due now. `purgeMemberVault` then deletes the objects,
 * after the commit (a closure rolled back must not have lost the files); should that fail, the
 * nightly retention job deletes them, as it does every file due.
 */
export async function closeMemberVault(tx: DbOrTx, memberId: number, now: Date): Promise<void> {
  await tx
    .update(vaultShareLinks)
    .set({ revokedAt: now })
    .where(and(eq(vaultShareLinks.memberId, memberId), isNull(vaultShareLinks.revokedAt)));
  await tx
    .update(vaultFiles)
    .set({ retentionEnd: now })
    .where(and(eq(vaultFiles.memberId, memberId), ne(vaultFiles.state, 'deleted'), gt(vaultFiles.retentionEnd, now)));
}

/** After the closure's commit: the closed member's objects deleted, their rows marked, a certificate kept (no message: the account is gone). */
export async function purgeMemberVault(db: Db, deps: Deps, memberId: number, now: Date): Promise<number> {
  let deleted = 0;
  for (;;) {
    const { files } = await deleteExpiredFiles(db, deps, now, { memberId, tell: false, limit: 500 });
    deleted += files;
    if (files < 500) return deleted;
  }
}
