import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LoginResult, RefreshResult } from '@lab/contract';
import { buildApp } from '../../app';
import { loadConfig } from '../../platform/config';
import { call, createTestContext, type TestContext } from '../../../test/harness';
import { defaultPassword, makeLoggedInMember, makeMember, makeStaff } from '../../../test/factories';
import { expired, notLoggedIn, passwordLogin, userInfo } from '../../../test/auth-flows';
import { tmpRoot } from '../../../test/template';
import { authSessions } from './accounts.tables';

let t: TestContext;
beforeAll(async () => {
  t = await createTestContext();
});
afterAll(() => t.close());

const HOUR = 3_600_000;
const refresh = (token: string | undefined) =>
  call<RefreshResult>(t.app, 'POST', '/api/open/refresh4token', token === undefined ? {} : { query: { token } });
const logout = (token: string) => call(t.app, 'POST', '/api/auth/logout', { token });

async function login(): Promise<LoginResult> {
  const member = await makeMember(t.db);
  const res = await passwordLogin(t.app, member.phone, defaultPassword);
  expect(res.status).toBe(200);
  return res.data;
}

describe('access tokens', () => {
  it('last 2 hours: valid one second before, 401 one second after', async () => {
    const session = await login();
    t.clock.advance(2 * HOUR - 1000);
    expect(await userInfo(t.app, session.token)).toMatchObject({ status: 200, code: 1 });
    t.clock.advance(2000);
    expect(await userInfo(t.app, session.token)).toMatchObject(expired);
  });

  it('answer 401 "请先登录" when the header is missing, and expired for a forged or over-long one', async () => {
    expect(await call(t.app, 'POST', '/api/auth/user/info')).toMatchObject(notLoggedIn);
    expect(await userInfo(t.app, 'x'.repeat(43))).toMatchObject(expired);
    expect(await userInfo(t.app, 'x'.repeat(500))).toMatchObject(notLoggedIn);
  });

  it('protect every /api/auth path, even one that does not exist', async () => {
    expect(await call(t.app, 'POST', '/api/auth/nothing-here')).toMatchObject({ status: 401, code: 0 });
    expect(await call(t.app, 'GET', '/api/auth/nothing-here', { token: 'x'.repeat(43) })).toMatchObject({ status: 401, code: 0 });
    // logged in, it is simply not there
    const { token } = await login();
    expect(await call(t.app, 'POST', '/api/auth/nothing-here', { token })).toMatchObject({ status: 404, code: 0, msg: '请求的内容不存在' });
  });

  it('are stored only as hashes: auth_sessions never contains a raw token', async () => {
    const a = await login();
    const { token: b, refreshToken: rb } = await makeLoggedInMember(t.db, t.clock.now());
    const rotated = await refresh(a.refreshToken);
    const rows = JSON.stringify(await t.db.select().from(authSessions));
    for (const raw of [a.token, a.refreshToken, b, rb, rotated.data.token, rotated.data.refresh_token]) {
      expect(rows).not.toContain(raw);
    }
  });
});

describe('POST /api/open/refresh4token', () => {
  it('rotates: a new access and refresh token, the new access works, the old pair does not', async () => {
    const session = await login();
    t.clock.advance(HOUR + 1000);
    const res = await refresh(session.refreshToken);
    expect(res).toMatchObject({ status: 200, code: 1, msg: '刷新成功' });
    expect(res.data.token).not.toBe(session.token);
    expect(res.data.refresh_token).not.toBe(session.refreshToken);
    expect(res.data.expires_at).toBe(Math.floor(t.clock.now().getTime() / 1000) + 2 * 3600);
    expect(Object.keys(res.data).sort()).toEqual(['expires_at', 'refresh_token', 'token']);
    expect(await userInfo(t.app, res.data.token)).toMatchObject({ status: 200, code: 1 });
    expect(await userInfo(t.app, session.token)).toMatchObject(expired);

    const again = await refresh(res.data.refresh_token);
    expect(again).toMatchObject({ status: 200, code: 1 });
    expect(await userInfo(t.app, again.data.token)).toMatchObject({ status: 200 });
  });

  it('works after the access token expired, for 30 days', async () => {
    const session = await login();
    t.clock.advance(2 * HOUR + 1000);
    expect(await userInfo(t.app, session.token)).toMatchObject(expired);
    const res = await refresh(session.refreshToken);
    expect(res).toMatchObject({ status: 200, code: 1 });
    expect(await userInfo(t.app, res.data.token)).toMatchObject({ status: 200 });

    t.clock.advance(30 * 24 * HOUR);
    expect(await refresh(res.data.refresh_token)).toMatchObject(expired);
  });

  it('detects reuse: presenting a replaced refresh token revokes the whole family', async () => {
    const session = await login();
    const rotated = await refresh(session.refreshToken);
    expect(rotated.status).toBe(200);

    expect(await refresh(session.refreshToken)).toMatchObject(expired);
    expect(await userInfo(t.app, rotated.data.token)).toMatchObject(expired);
    expect(await refresh(rotated.data.refresh_token)).toMatchObject(expired);
  });

  it('leaves the person’s other logins alone when one family is revoked', async () => {
    const member = await makeMember(t.db);
    const one = (await passwordLogin(t.app, member.phone, defaultPassword)).data;
    const two = (await passwordLogin(t.app, member.phone, defaultPassword)).data;
    await refresh(one.refreshToken);
    await refresh(one.refreshToken);
    expect(await userInfo(t.app, two.token)).toMatchObject({ status: 200 });
  });

  it('lets only one of two concurrent refreshes with the same token win', async () => {
    const session = await login();
    const results = await Promise.all([refresh(session.refreshToken), refresh(session.refreshToken)]);
    expect(results.filter((r) => r.status === 200)).toHaveLength(1);
    expect(results.filter((r) => r.status === 401)).toHaveLength(1);
  });

  it('takes the refresh token in the body (form or JSON) as well as in the spec’s query', async () => {
    const session = await login();
    const viaForm = await call<RefreshResult>(t.app, 'POST', '/api/open/refresh4token', { form: { token: session.refreshToken } });
    expect(viaForm).toMatchObject({ status: 200, code: 1, msg: '刷新成功' });
    const viaJson = await call<RefreshResult>(t.app, 'POST', '/api/open/refresh4token', { json: { token: viaForm.data.refresh_token } });
    expect(viaJson).toMatchObject({ status: 200, code: 1 });
    expect(await refresh(viaJson.data.refresh_token)).toMatchObject({ status: 200, code: 1 });
    // the old one, replayed in the body, is a replay like any other
    expect(await call(t.app, 'POST', '/api/open/refresh4token', { form: { token: session.refreshToken } })).toMatchObject(expired);
  });

  it('refuses an access token, a made-up token, and a missing one', async () => {
    const session = await login();
    expect(await refresh(session.token)).toMatchObject(expired);
    expect(await refresh('made-up')).toMatchObject(expired);
    expect(await refresh(undefined)).toMatchObject({ status: 400, code: 0, msg: '[刷新令牌]不能为空' });
    expect(await refresh('')).toMatchObject({ status: 400, code: 0, msg: '[刷新令牌]不能为空' });
  });

  it('keeps a staff session a staff session', async () => {
    const staff = await makeStaff(t.db, 'lab', t.clock.now());
    const res = await refresh(staff.refreshToken);
    expect(res.status).toBe(200);
    expect(await call(t.app, 'POST', '/api/admin/me', { token: res.data.token })).toMatchObject({ status: 200, code: 1 });
    expect(await userInfo(t.app, res.data.token)).toMatchObject(notLoggedIn);
  });
});

describe('POST /api/auth/logout', () => {
  it('revokes on the server: the access token then gives 401 and the refresh token no longer refreshes', async () => {
    const session = await login();
    expect(await logout(session.token)).toMatchObject({ status: 200, code: 1, msg: '已退出登录' });
    expect(await userInfo(t.app, session.token)).toMatchObject(expired);
    expect(await refresh(session.refreshToken)).toMatchObject(expired);
    expect(await logout(session.token)).toMatchObject(expired);
  });

  it('after a rotation, logs out the rotated session too', async () => {
    const session = await login();
    const rotated = await refresh(session.refreshToken);
    await logout(rotated.data.token);
    expect(await refresh(rotated.data.refresh_token)).toMatchObject(expired);
  });

  it('needs a token', async () => {
    expect(await call(t.app, 'POST', '/api/auth/logout')).toMatchObject(notLoggedIn);
  });

  it('logs out only the one device', async () => {
    const member = await makeMember(t.db);
    const one = (await passwordLogin(t.app, member.phone, defaultPassword)).data;
    const two = (await passwordLogin(t.app, member.phone, defaultPassword)).data;
    await logout(one.token);
    expect(await userInfo(t.app, two.token)).toMatchObject({ status: 200, code: 1 });
  });
});

describe('a server error', () => {
  it('answers 500 with a plain sentence and leaks nothing', async () => {
    const secret = 'password=hunter2 at /srv/lab/provider.ts:42';
    const app = await buildApp({
      db: t.db,
      config: loadConfig({ LOG_LEVEL: 'silent', DATA_DIR: path.join(tmpRoot, 'files'), SEED_DEMO: '0' }),
      clock: t.clock,
      logger: false,
      rateLimit: false,
      sms: {
        name: 'broken',
        send: () => Promise.reject(new Error(secret)),
      },
    });
    try {
      const response = await app.inject({
        method: 'POST',
        url: '/api/open/code4sms',
        payload: 'phone=13800000001&useFor=3',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
      });
      expect(response.statusCode).toBe(500);
      expect(response.json()).toEqual({ code: 0, msg: '服务器开小差了，请稍后再试', data: null });
      expect(response.body).not.toMatch(/hunter2|srv|stack|Error/);
    } finally {
      await app.close();
    }
  });
});
