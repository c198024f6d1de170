import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LoginResult } from '@lab/contract';
import { statementCounter } from '../../db/client';
import { sha256 } from '../../platform/crypto';
import { call, createTestContext, type TestContext } from '../../../test/harness';
import { defaultPassword, makeLoggedInMember, makeMember, makeStaff } from '../../../test/factories';
import { expired, passwordLogin, userInfo } from '../../../test/auth-flows';
import { authSessions, members } from './accounts.tables';
import { authenticate, revokeAllSessions, revokeFamily } from './sessions.service';

/**
 * Every call reads its session, on both databases (sessions.service.ts): every way a login
 * ends — through the services or by any other statement — answers 401 on the very next call.
 */
const statements = statementCounter();
let t: TestContext;
beforeAll(async () => {
  t = await createTestContext({ sqlLogger: statements });
});
afterAll(() => t.close());

const live = async (token: string) => {
  // two calls in a row: a session that was good stays good
  expect(await userInfo(t.app, token)).toMatchObject({ status: 200, code: 1 });
  expect(await userInfo(t.app, token)).toMatchObject({ status: 200, code: 1 });
};

async function login(): Promise<LoginResult & { memberId: number }> {
  const member = await makeMember(t.db);
  const res = await passwordLogin(t.app, member.phone, defaultPassword);
  return { ...(res.data as LoginResult), memberId: member.id };
}

describe('reading a token’s session', () => {
  it('takes the same statements on every call, on both databases: nothing is kept between calls', async () => {
    const { token } = await makeLoggedInMember(t.db, t.clock.now());
    statements.reset();
    await userInfo(t.app, token);
    const first = statements.count;
    statements.reset();
    await userInfo(t.app, token);
    expect(statements.count).toBe(first);
  });

  it('ends at once on logout, a refresh, a replayed refresh and a password reset', async () => {
    const out = await login();
    await live(out.token);
    expect((await call(t.app, 'POST', '/api/auth/logout', { token: out.token })).status).toBe(200);
    expect(await userInfo(t.app, out.token)).toMatchObject(expired);

    const rotated = await login();
    await live(rotated.token);
    const fresh = await call<{ token: string; refresh_token: string }>(t.app, 'POST', '/api/open/refresh4token', { query: { token: rotated.refreshToken } });
    expect(fresh.status).toBe(200);
    expect(await userInfo(t.app, rotated.token)).toMatchObject(expired);
    await live(fresh.data.token);
    // the old refresh token again: a replay, the whole family ends
    expect((await call(t.app, 'POST', '/api/open/refresh4token', { query: { token: rotated.refreshToken } })).status).toBe(401);
    expect(await userInfo(t.app, fresh.data.token)).toMatchObject(expired);

    const reset = await login();
    await live(reset.token);
    await revokeAllSessions(t.db, 'member', reset.memberId, t.clock.now());
    expect(await userInfo(t.app, reset.token)).toMatchObject(expired);
  });

  it('ends at once when staff disable the member, and works again when they enable them', async () => {
    const { member, token } = await makeLoggedInMember(t.db, t.clock.now());
    const sales = await makeStaff(t.db, 'sales', t.clock.now());
    await live(token);
    const disable = await call(t.app, 'POST', '/api/admin/member/status', { token: sales.token, json: { rid: member.rid, disabled: 1, reason: '测试' } });
    expect(disable.status).toBe(200);
    expect(await userInfo(t.app, token)).toMatchObject(expired);
    // (disabling revokes the member's sessions too; a session disabled only by the flag:)
    const other = await makeLoggedInMember(t.db, t.clock.now());
    await live(other.token);
    await t.db.update(members).set({ disabled: true }).where(eq(members.id, other.member.id));
    expect(await userInfo(t.app, other.token)).toMatchObject(expired);
    await t.db.update(members).set({ disabled: false }).where(eq(members.id, other.member.id));
    await live(other.token);
  });

  it('ends at once when any statement revokes, expires or removes the session', async () => {
    const revoked = await makeLoggedInMember(t.db, t.clock.now());
    await live(revoked.token);
    await t.db.execute(sql`update auth_sessions set revoked_at = now() where access_hash = ${sha256(revoked.token)}`);
    expect(await userInfo(t.app, revoked.token)).toMatchObject(expired);

    const shortened = await makeLoggedInMember(t.db, t.clock.now());
    await live(shortened.token);
    await t.db.update(authSessions).set({ accessExpiresAt: new Date(t.clock.now().getTime() - 1000) }).where(eq(authSessions.accessHash, sha256(shortened.token)));
    expect(await userInfo(t.app, shortened.token)).toMatchObject(expired);

    const removed = await makeLoggedInMember(t.db, t.clock.now());
    await live(removed.token);
    await t.db.delete(authSessions).where(eq(authSessions.accessHash, sha256(removed.token)));
    expect(await userInfo(t.app, removed.token)).toMatchObject(expired);

    // and a session that simply runs out, by the clock
    const running = await makeLoggedInMember(t.db, t.clock.now());
    await live(running.token);
    t.clock.advance(2 * 3_600_000);
    expect(await userInfo(t.app, running.token)).toMatchObject(expired);
  });

  it('sees a revocation sent together with a read of the same session on the very next call', async () => {
    for (let round = 0; round < 5; round += 1) {
      const { token } = await makeLoggedInMember(t.db, t.clock.now());
      const [row] = await t.db.select({ familyId: authSessions.familyId }).from(authSessions).where(eq(authSessions.accessHash, sha256(token)));
      // whichever the database runs first, the revocation has committed once both are answered
      const [read] = await Promise.allSettled([authenticate(t.db, token, 'member', t.clock.now()), revokeFamily(t.db, row!.familyId, t.clock.now())]);
      expect(['fulfilled', 'rejected']).toContain(read.status);
      await expect(authenticate(t.db, token, 'member', t.clock.now())).rejects.toMatchObject({ status: 401 });
    }
  });
});
