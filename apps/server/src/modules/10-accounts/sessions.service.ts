import { and, eq, isNull, sql } from 'drizzle-orm';
import { ACCESS_TOKEN_SECONDS, REFRESH_TOKEN_SECONDS, type LoginResult, type RefreshResult } from '@lab/contract';
import { embeddedAuthChanges, preparedQuery, type Db, type DbOrTx } from '../../db/client';
import { AppError } from '../../platform/errors';
import { randomToken, sha256 } from '../../platform/crypto';
import { authSessions, members } from '../../db/tables/accounts.tables';

export type SubjectKind = 'member' | 'staff';

export interface RequestMeta {
  now: Date;
  ip?: string | undefined;
  userAgent?: string | undefined;
}

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

/** The session of an access token's hash, with its member's `disabled` (one statement on every signed-in call). */
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
    })
    .from(authSessions)
    .leftJoin(members, and(eq(authSessions.subjectKind, 'member'), eq(members.id, authSessions.subjectId)))
    .where(eq(authSessions.accessHash, sql.placeholder('hash')))
    .limit(1),
);

type SessionRow = Awaited<ReturnType<ReturnType<typeof sessionByAccessHash>['execute']>>[number];

/**
 * On PGlite, the sessions read since the last change that can end a login (embeddedAuthChanges):
 * reading a token's session was a sixth of a signed-in call's CPU time there (docs/decisions.md).
 * Exact, because only this process can change that database and every such change is announced
 * before the statement making it returns; a read that raced a change is not kept. Expiry is
 * checked against the clock on every call. On PostgreSQL every call reads its session, so a
 * logout on one instance ends the token on all of them at once.
 */
const readSessions = new WeakMap<Db, { changes: number; byHash: Map<string, SessionRow> }>();
const READ_SESSIONS_MAX = 10_000;

async function sessionOf(db: Db, hash: string): Promise<SessionRow | undefined> {
  const changes = embeddedAuthChanges(db);
  if (changes === null) return (await sessionByAccessHash(db).execute({ hash }))[0];
  let read = readSessions.get(db);
  if (!read || read.changes !== changes) readSessions.set(db, (read = { changes, byHash: new Map() }));
  const known = read.byHash.get(hash);
  if (known) return known;
  const [row] = await sessionByAccessHash(db).execute({ hash });
  // a session is made by an INSERT, which announces nothing: an unknown token is not kept
  if (row && embeddedAuthChanges(db) === changes) {
    if (read.byHash.size >= READ_SESSIONS_MAX) read.byHash.delete(read.byHash.keys().next().value!);
    read.byHash.set(hash, row);
  }
  return row;
}

/**
 * Resolves an access token to its subject, or throws 401. A member disabled since the token
 * was issued is turned away in the same query.
 */
export async function authenticate(db: Db, token: string, kind: SubjectKind, now: Date) {
  const row = await sessionOf(db, sha256(token));
  if (!row || row.subjectKind !== kind || row.revokedAt || row.replacedAt || row.accessExpiresAt <= now) {
    throw expiredLogin();
  }
  if (kind === 'member' && row.memberDisabled !== false) throw expiredLogin();
  return { subjectId: row.subjectId, familyId: row.familyId };
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
