import { and, eq, isNull, sql } from 'drizzle-orm';
import { ACCESS_TOKEN_SECONDS, REFRESH_TOKEN_SECONDS, type LoginResult, type RefreshResult } from '@lab/contract';
import { preparedQuery, type Db, type DbOrTx } from '../../db/client';
import { AppError } from '../../platform/errors';
import type { RequestMeta, SignedInMember } from '../../platform/caller';
import { randomToken, sha256 } from '../../platform/crypto';
import { authSessions, members } from './accounts.tables';

export type SubjectKind = 'member' | 'staff';


const seconds = (date: Date) => Math.floor(date.getTime() / 1000);

/** Issues a new access/refresh pair, in a new family unless one is given (rotation). */
export async function issueSession(
  db: DbOrTx,
  subjectKind: SubjectKind,
  subjectId: number,
  meta: RequestMeta,
  familyId: string = crypto.randomUUID(),
): Promise<LoginResult> {
  const token = randomToken();
  const refreshToken = randomToken();
  const accessExpiresAt = new Date(meta.now.getTime() + ACCESS_TOKEN_SECONDS * 1000);
  await db.insert(authSessions).values({
    subjectKind,
    subjectId,
    familyId,
    accessHash: sha256(token),
    accessExpiresAt,
    refreshHash: sha256(refreshToken),
    refreshExpiresAt: new Date(meta.now.getTime() + REFRESH_TOKEN_SECONDS * 1000),
    ip: meta.ip ?? null,
    userAgent: meta.userAgent?.slice(0, 300) ?? null,
    createdAt: meta.now,
  });
  return { token, refreshToken, expires: seconds(accessExpiresAt) };
}

export const expiredLogin = () => new AppError('TOKEN_EXPIRED', '登录已过期，请重新登录');

/**
 * The session of an access token's hash, with its member's `disabled`, name and contact (one
 * statement on every signed-in call; paying names the member on the order's event and sends
 * the notice from it without reading the member again).
 */
const sessionByAccessHash = preparedQuery('session_by_access_hash', (db) =>
  db
    .select({
      subjectId: authSessions.subjectId,
      subjectKind: authSessions.subjectKind,
      accessExpiresAt: authSessions.accessExpiresAt,
      replacedAt: authSessions.replacedAt,
      revokedAt: authSessions.revokedAt,
      familyId: authSessions.familyId,
      memberDisabled: members.disabled,
      memberName: members.name,
      memberNickname: members.nickname,
      memberPhone: members.phone,
      memberEmail: members.email,
    })
    .from(authSessions)
    .leftJoin(members, and(eq(authSessions.subjectKind, 'member'), eq(members.id, authSessions.subjectId)))
    .where(eq(authSessions.accessHash, sql.placeholder('hash')))
    .limit(1),
);

/**
 * Resolves an access token to its subject, or throws 401. A member disabled since the token
 * was issued is turned away in the same query. Every call reads its session, on both
 * databases: a logout or a disabled member on one instance ends the token on all of them at
 * the next call (no cache to go stale; the read is one indexed lookup, docs/performance.md).
 */
export async function authenticate(db: Db, token: string, kind: SubjectKind, now: Date) {
  const [row] = await sessionByAccessHash(db).execute({ hash: sha256(token) });
  if (!row || row.subjectKind !== kind || row.revokedAt || row.replacedAt || row.accessExpiresAt <= now) {
    throw expiredLogin();
  }
  if (kind === 'member' && row.memberDisabled !== false) throw expiredLogin();
  const member: SignedInMember | null =
    kind === 'member' && row.memberPhone !== null && row.memberNickname !== null
      ? { id: row.subjectId, name: row.memberName, nickname: row.memberNickname, phone: row.memberPhone, email: row.memberEmail }
      : null;
  return { subjectId: row.subjectId, familyId: row.familyId, member };
}

/**
 * Rotates a refresh token. The presented token's row is marked replaced in the same
 * statement that checks it, so two racing refreshes cannot both win; a token that was
 * already replaced is a replay, and the whole family is revoked (outside the rotation's
 * transaction, which the 401 rolls back).
 */
export async function rotateRefreshToken(db: Db, refreshToken: string, meta: RequestMeta): Promise<RefreshResult> {
  const hash = sha256(refreshToken);
  const rotated = await db.transaction(async (tx) => {
    const [claimed] = await tx
      .update(authSessions)
      .set({ replacedAt: meta.now })
      .where(
        and(
          eq(authSessions.refreshHash, hash),
          isNull(authSessions.replacedAt),
          isNull(authSessions.revokedAt),
          sql`${authSessions.refreshExpiresAt} > ${meta.now}`,
        ),
      )
      .returning({ subjectKind: authSessions.subjectKind, subjectId: authSessions.subjectId, familyId: authSessions.familyId });
    if (!claimed) return null;
    const next = await issueSession(tx, claimed.subjectKind, claimed.subjectId, meta, claimed.familyId);
    return { token: next.token, refresh_token: next.refreshToken, expires_at: next.expires };
  });
  if (rotated) return rotated;
  const [known] = await db
    .select({ familyId: authSessions.familyId, replacedAt: authSessions.replacedAt })
    .from(authSessions)
    .where(eq(authSessions.refreshHash, hash))
    .limit(1);
  if (known?.replacedAt) await revokeFamily(db, known.familyId, meta.now);
  throw expiredLogin();
}

export async function revokeFamily(db: DbOrTx, familyId: string, now: Date) {
  await db
    .update(authSessions)
    .set({ revokedAt: now })
    .where(and(eq(authSessions.familyId, familyId), isNull(authSessions.revokedAt)));
}

/** After a password reset every device of that person has to log in again. */
export async function revokeAllSessions(db: DbOrTx, subjectKind: SubjectKind, subjectId: number, now: Date) {
  await db
    .update(authSessions)
    .set({ revokedAt: now })
    .where(and(eq(authSessions.subjectKind, subjectKind), eq(authSessions.subjectId, subjectId), isNull(authSessions.revokedAt)));
}
