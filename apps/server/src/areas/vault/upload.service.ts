import { Readable } from 'node:stream';
import { and, asc, desc, eq } from 'drizzle-orm';
import { VAULT_PART_BYTES, type AdminVaultFile, type VaultUpload } from '@lab/contract';
import type { z } from 'zod';
import type { adminVaultStartBody } from '@lab/contract';
import type { Db, DbOrTx } from '../../db/client';
import type { AppDeps } from '../../platform/deps';
import { randomId } from '../../platform/crypto';
import { badRequest, conflict } from '../../platform/errors';
import { getJobSettings } from '../../platform/job-settings';
import { PartOutOfOrder } from '../../platform/providers/file-store';
import { orderSamplesByNo } from '../orders';
import { vaultFiles, vaultParts } from './vault.tables';
import { VAULT_FOLDER, VAULT_LINK_SECONDS, checkStoredFile, fileByRid, partCountOf, partSizeOf, toFileViews, uploadView, type VaultFileRow } from './vault-core';

/**
 * The lab's upload of raw files (decisions/0045): registered with the order, sample and
 * instrument, then sent in parts straight to the store (S3: presigned part URLs the browser PUTs
 * to; local disk: parts POSTed through the server as streams, in order), resumable, and checked
 * after completion by a job that hashes the stored object.
 */

export const VAULT_VERIFY_JOB = 'vault-verify';
const DAY_MS = 86_400_000;

type Deps = Pick<AppDeps, 'files' | 'jobs'>;
const direct = (deps: Deps) => deps.files.name === 's3';

export async function vaultOrder(db: DbOrTx, orderNo: string) {
  const order = await orderSamplesByNo(db, orderNo);
  return { orderNo: order.orderNo, title: order.title, samples: order.samples };
}

export async function orderVaultFiles(db: DbOrTx, orderNo: string): Promise<AdminVaultFile[]> {
  const order = await orderSamplesByNo(db, orderNo);
  const rows = await db.select().from(vaultFiles).where(eq(vaultFiles.orderId, order.id)).orderBy(desc(vaultFiles.id));
  return toFileViews(db, rows);
}

export async function startUpload(db: DbOrTx, deps: Deps, staffId: number, body: z.output<typeof adminVaultStartBody>, now: Date): Promise<VaultUpload> {
  const order = await orderSamplesByNo(db, body.order_no);
  if (body.sample_code && !order.samples.some((sample) => sample.code === body.sample_code)) throw badRequest(`样品编号 ${body.sample_code} 不属于订单 ${order.orderNo}`);
  const settings = await getJobSettings(db);
  const rid = randomId(20);
  const storageKey = `${rid}.bin`;
  const uploadId = await deps.files.multipart.start(VAULT_FOLDER, storageKey, 'application/octet-stream');
  const [row] = await db
    .insert(vaultFiles)
    .values({
      rid,
      orderId: order.id,
      memberId: order.memberId,
      sampleCode: body.sample_code ?? null,
      instrument: body.instrument,
      description: body.description ?? '',
      name: body.name,
      size: body.size,
      storageKey,
      uploadId,
      partSize: VAULT_PART_BYTES,
      retentionEnd: new Date(now.getTime() + settings.rawDataRetentionDays * DAY_MS),
      uploadedBy: staffId,
      createdAt: now,
    })
    .returning();
  return uploadView(db, row!, direct(deps));
}

async function uploading(db: DbOrTx, rid: string): Promise<VaultFileRow> {
  const row = await fileByRid(db, rid);
  if (row.state !== 'uploading' || !row.uploadId) throw conflict('该文件已上传完成，无需再传');
  return row;
}

function partInRange(row: VaultFileRow, part: number) {
  if (part > partCountOf(row)) throw badRequest(`分片序号超出范围：该文件共 ${partCountOf(row)} 片`);
}

export async function uploadState(db: DbOrTx, deps: Deps, rid: string): Promise<VaultUpload> {
  return uploadView(db, await uploading(db, rid), direct(deps));
}

/** S3: where the browser PUTs part `part` itself. */
export async function partUrl(db: DbOrTx, deps: Deps, rid: string, part: number): Promise<{ url: string }> {
  const row = await uploading(db, rid);
  partInRange(row, part);
  const url = await deps.files.multipart.partUrl(VAULT_FOLDER, row.storageKey, row.uploadId!, part, VAULT_LINK_SECONDS);
  if (!url) throw badRequest('当前存储不支持直传，请经服务器上传分片');
  return { url };
}

const recordPart = (db: DbOrTx, fileId: number, partNumber: number, size: number, etag: string) =>
  db
    .insert(vaultParts)
    .values({ fileId, partNumber, size, etag })
    .onConflictDoUpdate({ target: [vaultParts.fileId, vaultParts.partNumber], set: { size, etag } });

/** S3: the browser reports a part it PUT, with the ETag the store answered. */
export async function partDone(db: DbOrTx, deps: Deps, body: { rid: string; part: number; etag: string }): Promise<VaultUpload> {
  const row = await uploading(db, body.rid);
  partInRange(row, body.part);
  await recordPart(db, row.id, body.part, partSizeOf(row, body.part), body.etag);
  return uploadView(db, row, direct(deps));
}

/** The bytes as they pass, counted: more than the part may have ends the stream with a Chinese message. */
function capped(body: Readable, limit: number, part: number): Readable {
  return Readable.from(
    (async function* () {
      let seen = 0;
      // the request is left open (not destroyed) so the refusal can still be answered on it
      for await (const chunk of body.iterator({ destroyOnReturn: false })) {
        seen += (chunk as Buffer).length;
        if (seen > limit) throw badRequest(`第 ${part} 片超过应有的 ${limit} 字节`);
        yield chunk as Buffer;
      }
    })(),
    { objectMode: false },
  );
}

/** Local disk (or a browser that cannot reach the bucket): a part through the server, streamed to the store. */
export async function writePart(db: Db, deps: Deps, query: { rid: string; part: number }, body: Readable): Promise<VaultUpload> {
  const row = await uploading(db, query.rid);
  partInRange(row, query.part);
  const expected = partSizeOf(row, query.part);
  let stored: { size: number; etag: string };
  try {
    stored = await deps.files.multipart.write(VAULT_FOLDER, row.storageKey, row.uploadId!, query.part, row.partSize, capped(body, expected, query.part), expected);
  } catch (error) {
    body.resume();
    if (error instanceof PartOutOfOrder) throw conflict(`分片顺序不对：请先上传第 ${error.expected} 片`);
    throw error;
  }
  if (stored.size !== expected) throw badRequest(`第 ${query.part} 片应为 ${expected} 字节，收到 ${stored.size} 字节，请重传该片`);
  await recordPart(db, row.id, query.part, stored.size, stored.etag);
  return uploadView(db, row, direct(deps));
}

/**
 * Every part there: the store joins them, the file waits for its check (`verifying`) with the
 * hash the browser computed, and the check is queued in the same transaction.
 */
export async function completeUpload(db: DbOrTx, deps: Deps, body: { rid: string; sha256: string }, now: Date): Promise<AdminVaultFile> {
  const row = await uploading(db, body.rid);
  const parts = await db.select().from(vaultParts).where(eq(vaultParts.fileId, row.id)).orderBy(asc(vaultParts.partNumber));
  const count = partCountOf(row);
  for (let number = 1; number <= count; number += 1) {
    const part = parts[number - 1];
    if (part?.partNumber !== number || part.size !== partSizeOf(row, number)) throw conflict(`分片不完整：第 ${number} 片尚未上传（共 ${count} 片）`);
  }
  await deps.files.multipart.complete(
    VAULT_FOLDER,
    row.storageKey,
    row.uploadId!,
    parts.map((part) => ({ partNumber: part.partNumber, etag: part.etag })),
  );
  const [done] = await db
    .update(vaultFiles)
    .set({ state: 'verifying', sha256Claimed: body.sha256, uploadId: null, uploadedAt: now })
    .where(and(eq(vaultFiles.id, row.id), eq(vaultFiles.state, 'uploading')))
    .returning();
  if (!done) throw conflict('该文件已上传完成，无需再传');
  await db.delete(vaultParts).where(eq(vaultParts.fileId, row.id));
  await deps.jobs?.send(VAULT_VERIFY_JOB, { id: row.id }, db);
  return (await toFileViews(db, [done]))[0]!;
}

/** The job after an upload: reads the stored object back and compares it with the browser's hash. */
export async function verifyUploaded(db: Db, deps: Pick<AppDeps, 'files'>, id: number, now: Date): Promise<'verified' | 'mismatch' | null> {
  const [row] = await db.select().from(vaultFiles).where(and(eq(vaultFiles.id, id), eq(vaultFiles.state, 'verifying'))).limit(1);
  if (!row) return null;
  return checkStoredFile(db, deps.files, row, now);
}

/** Files still waiting for their check (a job lost, an instance gone): the retention job picks them up. */
export const filesAwaitingCheck = (db: DbOrTx) =>
  db
    .select({ id: vaultFiles.id })
    .from(vaultFiles)
    .where(eq(vaultFiles.state, 'verifying'));
