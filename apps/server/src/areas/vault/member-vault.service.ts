import { and, asc, desc, eq, inArray, ne } from 'drizzle-orm';
import type { FastifyReply } from 'fastify';
import type { Page, VaultFile } from '@lab/contract';
import type { Db, DbOrTx } from '../../db/client';
import type { AppDeps } from '../../platform/deps';
import { conflict, notFound } from '../../platform/errors';
import { paginate } from '../../db/paginate';
import { findMemberOrder } from '../orders';
import { vaultDeletionCertificates, vaultFiles } from './vault.tables';
import { VAULT_FOLDER, VAULT_LINK_SECONDS, fileByRid, toFileViews, type VaultFileRow } from './vault-core';

/**
 * 数据保管箱, the member's side: the files of their orders with size, SHA-256, upload time and
 * the retention's end; the sha256sum list and the manifest; download links that expire (S3:
 * presigned; local disk: a sealed, expiring link to our own server).
 */

type LinkDeps = Pick<AppDeps, 'files' | 'secrets'>;

/** One of the member's orders (another member's number is 404, like one that does not exist), or all. */
async function orderFilter(db: DbOrTx, memberId: number, orderNo: string | undefined) {
  if (!orderNo) return undefined;
  return eq(vaultFiles.orderId, (await findMemberOrder(db, memberId, orderNo)).id);
}

export async function memberFiles(db: Db, memberId: number, body: { order_no?: string | undefined; page: number; pageSize: number }): Promise<Page<VaultFile>> {
  const where = and(eq(vaultFiles.memberId, memberId), ne(vaultFiles.state, 'uploading'), await orderFilter(db, memberId, body.order_no));
  return paginate(
    body,
    (w) => db.select().from(vaultFiles).where(where).orderBy(desc(vaultFiles.orderId), asc(vaultFiles.sampleCode), asc(vaultFiles.id)).limit(w.limit).offset(w.offset),
    () => db.$count(vaultFiles, where),
    (rows) => toFileViews(db, rows),
  );
}

/** The files a list or manifest covers: kept (not deleted), of one order or all. */
async function keptFiles(db: Db, memberId: number, orderNo: string | undefined) {
  const where = and(eq(vaultFiles.memberId, memberId), inArray(vaultFiles.state, ['verifying', 'verified', 'mismatch']), await orderFilter(db, memberId, orderNo));
  const rows = await db.select().from(vaultFiles).where(where).orderBy(asc(vaultFiles.orderId), asc(vaultFiles.sampleCode), asc(vaultFiles.id));
  return toFileViews(db, rows);
}

/** `sha256sum -c` reads it: "<hash>  <name>", one line a file, names as the download saves them. */
export async function sendSums(db: Db, memberId: number, query: { order_no?: string | undefined; format: 'sha256sum' | 'manifest' }, reply: FastifyReply, now: Date) {
  const files = await keptFiles(db, memberId, query.order_no);
  const stem = `数据保管箱-${query.order_no ?? '全部'}`;
  const body =
    query.format === 'sha256sum'
      ? files
          .filter((file) => file.sha256)
          .map((file) => `${file.sha256}  ${file.name}\n`)
          .join('')
      : `${JSON.stringify(
          {
            generatedAt: now.toISOString(),
            algorithm: 'SHA-256',
            files: files.map((file) => ({
              orderNo: file.orderNo,
              sampleCode: file.sampleCode,
              instrument: file.instrument,
              description: file.description,
              name: file.name,
              size: file.size,
              sha256: file.sha256,
              state: file.state,
              uploadedAt: file.uploadedAt,
              retentionEnd: file.retentionEnd,
            })),
          },
          null,
          2,
        )}\n`;
  const name = query.format === 'sha256sum' ? `${stem}.sha256` : `${stem}-manifest.json`;
  return reply
    .type(query.format === 'sha256sum' ? 'text/plain; charset=utf-8' : 'application/json; charset=utf-8')
    .header('cache-control', 'private, no-store')
    .header('content-disposition', `attachment; filename="sums"; filename*=UTF-8''${encodeURIComponent(name)}`)
    .send(body);
}

/** A download link for the file, working VAULT_LINK_SECONDS. */
export async function downloadLink(deps: LinkDeps, row: VaultFileRow, now: Date): Promise<{ url: string; expiresAt: string }> {
  if (row.state === 'deleted') throw notFound('文件');
  if (row.state === 'uploading') throw conflict('该文件尚未上传完成');
  const expires = new Date(now.getTime() + VAULT_LINK_SECONDS * 1000);
  const direct = await deps.files.multipart.downloadUrl(VAULT_FOLDER, row.storageKey, { expiresIn: VAULT_LINK_SECONDS, downloadName: row.name });
  const url = direct ?? `/api/open/vault/file?t=${encodeURIComponent(deps.secrets.seal(JSON.stringify({ f: row.rid, e: expires.getTime() })))}`;
  return { url, expiresAt: expires.toISOString() };
}

export async function memberLink(db: Db, deps: LinkDeps, memberId: number, rid: string, now: Date) {
  return downloadLink(deps, await fileByRid(db, rid, memberId), now);
}

/** The sealed link of the local store: the file while it lasts; a link expired, altered or for a deleted file is 404. */
export async function sendSealed(db: Db, deps: LinkDeps, token: string, reply: FastifyReply, now: Date) {
  let claim: { f?: unknown; e?: unknown };
  try {
    claim = JSON.parse(deps.secrets.open(token)) as typeof claim;
  } catch {
    throw notFound('下载链接');
  }
  if (typeof claim.f !== 'string' || typeof claim.e !== 'number' || claim.e <= now.getTime()) throw notFound('下载链接');
  const row = await fileByRid(db, claim.f).catch(() => null);
  const opened = row && row.state !== 'deleted' && row.state !== 'uploading' ? await deps.files.open(VAULT_FOLDER, row.storageKey) : null;
  if (!row || !opened) throw notFound('下载链接');
  if (opened.size !== null) reply.header('content-length', opened.size);
  return reply
    .type('application/octet-stream')
    .header('cache-control', 'private, no-store')
    .header('x-content-type-options', 'nosniff')
    .header('content-disposition', `attachment; filename="file"; filename*=UTF-8''${encodeURIComponent(row.name)}`)
    .send(opened.body);
}

export async function memberCertificates(db: DbOrTx, memberId: number) {
  const rows = await db.select().from(vaultDeletionCertificates).where(eq(vaultDeletionCertificates.memberId, memberId)).orderBy(desc(vaultDeletionCertificates.id));
  return rows.map((row) => ({ rid: row.rid, deletedAt: row.deletedAt.toISOString(), files: row.files }));
}
