import { and, count, desc, eq, gte, inArray, isNull, or, sql, lt } from 'drizzle-orm';
import { VAULT_SHARE_WRONG_CODES, type VaultShare } from '@lab/contract';
import type { Db, DbOrTx } from '../../db/client';
import type { AppDeps } from '../../platform/deps';
import { randomId, randomToken, safeEqual, sha256 } from '../../platform/crypto';
import { forbidden, notFound, tooMany } from '../../platform/errors';
import { orderNosOf } from '../orders';
import { vaultFiles, vaultShareAccesses, vaultShareLinks } from './vault.tables';
import { downloadLink } from './member-vault.service';

/**
 * Share links (decisions/0045): a member hands files to a co-author, who downloads them without
 * an account. A link lives 1–30 days, may ask for a 提取码 and cap the downloads; every opening,
 * download and wrong code is logged; the member can revoke it. An expired, revoked or used-up
 * link is 404, like one that never was. Wrong codes are counted per link before the comparison
 * (five in 15 minutes hold it), besides the route's own rate limit per address.
 */

const DAY_MS = 86_400_000;
const WRONG_CODE_WINDOW_MS = 15 * 60_000;
type LinkRow = typeof vaultShareLinks.$inferSelect;
type Visitor = { ip: string; userAgent: string; now: Date };

const codeHash = (rid: string, code: string) => sha256(`${rid}:${code.toLowerCase()}`);

async function namesOf(db: DbOrTx, links: LinkRow[]) {
  const ids = [...new Set(links.flatMap((link) => link.fileIds))];
  const rows = ids.length ? await db.select({ id: vaultFiles.id, name: vaultFiles.name }).from(vaultFiles).where(inArray(vaultFiles.id, ids)) : [];
  return new Map(rows.map((row) => [row.id, row.name]));
}

const toShare = (link: LinkRow, names: Map<number, string>): VaultShare => ({
  rid: link.rid,
  fileNames: link.fileIds.map((id) => names.get(id) ?? ''),
  hasCode: link.codeHash !== null,
  expiresAt: link.expiresAt.toISOString(),
  maxDownloads: link.maxDownloads,
  downloads: link.downloads,
  revokedAt: link.revokedAt?.toISOString() ?? null,
  createdAt: link.createdAt.toISOString(),
});

export async function addShare(db: DbOrTx, memberId: number, body: { rids: string[]; days: number; code?: string | undefined; max_downloads?: number | undefined }, now: Date) {
  const files = body.rids.length
    ? await db
        .select({ id: vaultFiles.id, rid: vaultFiles.rid, state: vaultFiles.state })
        .from(vaultFiles)
        .where(and(eq(vaultFiles.memberId, memberId), inArray(vaultFiles.rid, body.rids)))
    : [];
  const kept = files.filter((file) => file.state === 'verified' || file.state === 'verifying');
  if (!body.rids.length || kept.length !== body.rids.length) throw notFound('文件');
  const token = randomToken();
  const rid = randomId(16);
  const [link] = await db
    .insert(vaultShareLinks)
    .values({
      tokenHash: sha256(token),
      rid,
      memberId,
      fileIds: body.rids.map((wanted) => kept.find((file) => file.rid === wanted)!.id),
      codeHash: body.code ? codeHash(rid, body.code) : null,
      expiresAt: new Date(now.getTime() + body.days * DAY_MS),
      maxDownloads: body.max_downloads ?? null,
      createdAt: now,
    })
    .returning();
  return { ...toShare(link!, await namesOf(db, [link!])), path: `/vault/share/${token}` };
}

export async function memberShares(db: DbOrTx, memberId: number): Promise<VaultShare[]> {
  const links = await db.select().from(vaultShareLinks).where(eq(vaultShareLinks.memberId, memberId)).orderBy(desc(vaultShareLinks.id)).limit(200);
  const names = await namesOf(db, links);
  return links.map((link) => toShare(link, names));
}

async function memberLink(db: DbOrTx, memberId: number, rid: string) {
  const [link] = await db
    .select()
    .from(vaultShareLinks)
    .where(and(eq(vaultShareLinks.rid, rid), eq(vaultShareLinks.memberId, memberId)))
    .limit(1);
  if (!link) throw notFound('分享');
  return link;
}

export async function revokeShare(db: DbOrTx, memberId: number, rid: string, now: Date): Promise<VaultShare> {
  const link = await memberLink(db, memberId, rid);
  const [revoked] = await db
    .update(vaultShareLinks)
    .set({ revokedAt: sql`coalesce(${vaultShareLinks.revokedAt}, ${now.toISOString()}::timestamptz)` })
    .where(eq(vaultShareLinks.id, link.id))
    .returning();
  return toShare(revoked!, await namesOf(db, [revoked!]));
}

export async function shareLog(db: DbOrTx, memberId: number, rid: string) {
  const link = await memberLink(db, memberId, rid);
  const rows = await db
    .select({ action: vaultShareAccesses.action, fileName: vaultFiles.name, ip: vaultShareAccesses.ip, at: vaultShareAccesses.at })
    .from(vaultShareAccesses)
    .leftJoin(vaultFiles, eq(vaultFiles.id, vaultShareAccesses.fileId))
    .where(eq(vaultShareAccesses.linkId, link.id))
    .orderBy(desc(vaultShareAccesses.id))
    .limit(500);
  return rows.map((row) => ({ ...row, at: row.at.toISOString() }));
}

const gone = () => notFound('分享链接');

/** The live link of a token, its 提取码 checked: 404 for anything not live, 403/429 for the code. */
async function liveLink(db: Db, body: { token: string; code?: string | undefined }, visitor: Visitor): Promise<LinkRow> {
  const [link] = await db
    .select()
    .from(vaultShareLinks)
    .where(and(eq(vaultShareLinks.tokenHash, sha256(body.token)), isNull(vaultShareLinks.revokedAt)))
    .limit(1);
  if (!link || link.expiresAt <= visitor.now || (link.maxDownloads !== null && link.downloads >= link.maxDownloads)) throw gone();
  if (link.codeHash) {
    if (!body.code) throw forbidden('请输入提取码');
    const since = new Date(visitor.now.getTime() - WRONG_CODE_WINDOW_MS);
    const [wrong] = await db
      .select({ n: count() })
      .from(vaultShareAccesses)
      .where(and(eq(vaultShareAccesses.linkId, link.id), eq(vaultShareAccesses.action, 'wrong_code'), gte(vaultShareAccesses.at, since)));
    if ((wrong?.n ?? 0) >= VAULT_SHARE_WRONG_CODES) throw tooMany('提取码错误次数过多，请15分钟后再试');
    if (!safeEqual(codeHash(link.rid, body.code), link.codeHash)) {
      await logAccess(db, link.id, null, 'wrong_code', visitor);
      throw forbidden('提取码不正确');
    }
  }
  return link;
}

const logAccess = (db: DbOrTx, linkId: number, fileId: number | null, action: 'open' | 'download' | 'wrong_code', visitor: Visitor) =>
  db.insert(vaultShareAccesses).values({ linkId, fileId, action, ip: visitor.ip, userAgent: visitor.userAgent.slice(0, 300), at: visitor.now });

export async function openShare(db: Db, body: { token: string; code?: string | undefined }, visitor: Visitor) {
  const link = await liveLink(db, body, visitor);
  const rows = await db
    .select()
    .from(vaultFiles)
    .where(and(inArray(vaultFiles.id, link.fileIds), inArray(vaultFiles.state, ['verifying', 'verified', 'mismatch'])));
  if (!rows.length) throw gone();
  await logAccess(db, link.id, null, 'open', visitor);
  const numbers = await orderNosOf(
    db,
    rows.map((row) => row.orderId),
  );
  return {
    expiresAt: link.expiresAt.toISOString(),
    downloadsLeft: link.maxDownloads === null ? null : link.maxDownloads - link.downloads,
    files: rows.map((row) => ({ rid: row.rid, orderNo: numbers.get(row.orderId) ?? '', sampleCode: row.sampleCode, name: row.name, size: row.size, sha256: row.sha256Verified ?? row.sha256Claimed })),
  };
}

/** One download through the link: counted in a guarded update, so a cap is never passed by parallel clicks. */
export async function shareFile(db: Db, deps: Pick<AppDeps, 'files' | 'secrets'>, body: { token: string; code?: string | undefined; rid: string }, visitor: Visitor) {
  const link = await liveLink(db, body, visitor);
  const [row] = await db
    .select()
    .from(vaultFiles)
    .where(and(eq(vaultFiles.rid, body.rid), inArray(vaultFiles.id, link.fileIds)))
    .limit(1);
  if (!row || row.state === 'deleted' || row.state === 'uploading') throw notFound('文件');
  const answer = await downloadLink(deps, row, visitor.now);
  const counted = await db
    .update(vaultShareLinks)
    .set({ downloads: sql`${vaultShareLinks.downloads} + 1` })
    .where(and(eq(vaultShareLinks.id, link.id), or(isNull(vaultShareLinks.maxDownloads), lt(vaultShareLinks.downloads, vaultShareLinks.maxDownloads))))
    .returning({ id: vaultShareLinks.id });
  if (!counted.length) throw gone();
  await logAccess(db, link.id, row.id, 'download', visitor);
  return answer;
}
