import { createHash } from 'node:crypto';
import { and, asc, eq, inArray } from 'drizzle-orm';
import type { AdminVaultFile, VaultUpload } from '@lab/contract';
import type { DbOrTx } from '../../db/client';
import { notFound } from '../../platform/errors';
import type { FileStore } from '../../platform/providers/file-store';
import { raiseStaffAlert } from '../messages';
import { orderNosOf } from '../orders';
import { vaultFiles, vaultParts } from './vault.tables';

/** The file store's folder of the vault's objects. */
export const VAULT_FOLDER = 'vault';
/** How long a download or part link works: 15 minutes. */
export const VAULT_LINK_SECONDS = 15 * 60;

export type VaultFileRow = typeof vaultFiles.$inferSelect;

export const partCountOf = (row: Pick<VaultFileRow, 'size' | 'partSize'>) => Math.max(1, Math.ceil(row.size / row.partSize));
/** The size part `number` must have: full parts, and the rest in the last one. */
export const partSizeOf = (row: Pick<VaultFileRow, 'size' | 'partSize'>, number: number) =>
  number < partCountOf(row) ? row.partSize : row.size - (partCountOf(row) - 1) * row.partSize;

/** The upload's state for the browser: how to cut the file and what the store already has. */
export async function uploadView(db: DbOrTx, row: VaultFileRow, direct: boolean): Promise<VaultUpload> {
  const parts = await db.select({ partNumber: vaultParts.partNumber }).from(vaultParts).where(eq(vaultParts.fileId, row.id)).orderBy(asc(vaultParts.partNumber));
  return { rid: row.rid, name: row.name, size: row.size, partSize: row.partSize, partCount: partCountOf(row), done: parts.map((part) => part.partNumber), direct };
}

export async function toFileViews(db: DbOrTx, rows: VaultFileRow[]): Promise<AdminVaultFile[]> {
  const numbers = await orderNosOf(
    db,
    rows.map((row) => row.orderId),
  );
  return rows.map((row) => ({
    rid: row.rid,
    orderNo: numbers.get(row.orderId) ?? '',
    sampleCode: row.sampleCode,
    instrument: row.instrument,
    description: row.description,
    name: row.name,
    size: row.size,
    sha256: row.sha256Verified ?? row.sha256Claimed,
    state: row.state,
    uploadedAt: row.uploadedAt?.toISOString() ?? null,
    retentionEnd: row.retentionEnd.toISOString(),
  }));
}

export async function fileByRid(db: DbOrTx, rid: string, memberId?: number): Promise<VaultFileRow> {
  const [row] = await db
    .select()
    .from(vaultFiles)
    .where(memberId === undefined ? eq(vaultFiles.rid, rid) : and(eq(vaultFiles.rid, rid), eq(vaultFiles.memberId, memberId)))
    .limit(1);
  if (!row) throw notFound('文件');
  return row;
}

/** The SHA-256 of the stored object, streamed (never held whole); null when the object is missing. */
export async function hashStored(files: FileStore, row: Pick<VaultFileRow, 'storageKey'>): Promise<{ sha256: string; size: number } | null> {
  const opened = await files.open(VAULT_FOLDER, row.storageKey);
  if (!opened) return null;
  const hash = createHash('sha256');
  let size = 0;
  for await (const chunk of opened.body) {
    hash.update(chunk as Buffer);
    size += (chunk as Buffer).length;
  }
  return { sha256: hash.digest('hex'), size };
}

/**
 * Reads the stored object back and compares it with what it must be: the browser's hash after an
 * upload, the verified hash on a later check. A difference (or a missing object) marks the file
 * `mismatch` and raises a 系统提醒 for the lab.
 */
export async function checkStoredFile(db: DbOrTx, files: FileStore, row: VaultFileRow, now: Date): Promise<'verified' | 'mismatch'> {
  const expected = row.sha256Verified ?? row.sha256Claimed;
  const found = await hashStored(files, row);
  const good = found !== null && found.sha256 === expected && found.size === row.size;
  await db
    .update(vaultFiles)
    .set({ state: good ? 'verified' : 'mismatch', verifiedAt: now, ...(row.sha256Verified === null && found ? { sha256Verified: found.sha256 } : {}) })
    .where(and(eq(vaultFiles.id, row.id), inArray(vaultFiles.state, ['verifying', 'verified', 'mismatch'])));
  if (!good) {
    const [orderNo] = (await orderNosOf(db, [row.orderId])).values();
    const what = found === null ? '存储中找不到该文件' : `存储中文件的 SHA-256 为 ${found.sha256}（${found.size} 字节），应为 ${expected}（${row.size} 字节）`;
    await raiseStaffAlert(db, {
      key: `vault_integrity:${row.id}:${found?.sha256 ?? 'missing'}`,
      kind: 'vault_integrity',
      role: 'lab',
      title: `原始数据校验不一致：${row.name}`,
      content: `订单 ${orderNo ?? ''} 的原始数据文件「${row.name}」校验不一致：${what}。请重新上传该文件。`,
      link: `/admin/vault?order=${orderNo ?? ''}`,
      createdAt: now,
    });
  }
  return good ? 'verified' : 'mismatch';
}
