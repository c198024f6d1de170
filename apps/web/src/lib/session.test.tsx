import { describe, expect, it } from 'vitest';
import { act, render, screen } from '@testing-library/react';
import { apiPost } from './api';
import { clearSession, getSession, hasToken, onSessionCleared, saveSession, useSession } from './session';
import { queryClient } from './query-client';
import { logout, userInfoKey } from './user-info';
import { mockApi } from '../testing/fetch-mock';

const now = () => Math.floor(Date.now() / 1000);

describe('session: refresh when under one hour is left, one at a time', () => {
  it('many calls at once refresh once and all use the new token', async () => {
    saveSession({ token: 'old', refreshToken: 'refresh-1', expires: now() + 30 * 60 });
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    const { calls } = mockApi({
      '/api/open/refresh4token': async () => {
        await gate;
        return { data: { token: 'new', refresh_token: 'refresh-2', expires_at: now() + 7200 } };
      },
      '/api/auth/user/info': { data: {} },
    });
    const pending = Promise.all([apiPost('/api/auth/user/info'), apiPost('/api/auth/user/info'), apiPost('/api/auth/user/info')]);
    release();
    await pending;
    const refreshes = calls.filter((call) => call.path === '/api/open/refresh4token');
    expect(refreshes).toHaveLength(1);
    // in the body, never in the address (issue 16: it reached the access log)
    expect(refreshes[0]?.form.get('token')).toBe('refresh-1');
    expect(refreshes[0]?.query.has('token')).toBe(false);
    expect(refreshes[0]?.headers.token).toBeUndefined();
    const infos = calls.filter((call) => call.path === '/api/auth/user/info');
    expect(infos.map((call) => call.headers.token)).toEqual(['new', 'new', 'new']);
    expect(getSession()).toMatchObject({ token: 'new', refreshToken: 'refresh-2' });
  });

  it('a token with more than an hour left is not refreshed', async () => {
    saveSession({ token: 'fresh', refreshToken: 'r', expires: now() + 2 * 3600 - 5 });
    const { calls } = mockApi({ '/api/auth/user/info': { data: {} } });
    await apiPost('/api/auth/user/info');
    expect(calls.map((call) => call.path)).toEqual(['/api/auth/user/info']);
    expect(calls[0]?.headers.token).toBe('fresh');
  });

  it('a refused refresh token ends the session', async () => {
    saveSession({ token: 'old', refreshToken: 'reused', expires: now() + 600 });
    mockApi({ '/api/open/refresh4token': { code: 0, status: 401, msg: '登录已失效，请重新登录' }, '/api/open/web/index': { data: 1 } });
    await apiPost('/api/open/web/index');
    expect(getSession()).toBeNull();
  });

  it('a network failure during refresh keeps the still-valid token', async () => {
    saveSession({ token: 'old', refreshToken: 'r', expires: now() + 600 });
    const { fetchMock } = mockApi({ '/api/auth/user/info': { data: {} } });
    fetchMock.mockImplementationOnce(async () => {
      throw new TypeError('Failed to fetch');
    });
    await apiPost('/api/auth/user/info');
    expect(getSession()?.token).toBe('old');
  });

  it('an expired token clears the session and everything cached for the member', async () => {
    queryClient.setQueryData(userInfoKey, { cartNum: 3 });
    queryClient.setQueryData(['plan'], { dataArr: [] });
    let cleared = 0;
    const stop = onSessionCleared(() => cleared++);
    saveSession({ token: 'old', refreshToken: 'r', expires: now() - 1 });
    expect(hasToken()).toBe(false);
    expect(getSession()).toBeNull();
    expect(localStorage.getItem('lab.session')).toBeNull();
    expect(queryClient.getQueryData(userInfoKey)).toBeUndefined();
    expect(queryClient.getQueryData(['plan'])).toBeUndefined();
    expect(cleared).toBe(1);
    stop();
  });

  it('a 401 from the server clears the session', async () => {
    saveSession({ token: 'revoked', refreshToken: 'r', expires: now() + 7000 });
    mockApi({ '/api/auth/user/info': { code: 0, status: 401, msg: '登录已失效，请重新登录' } });
    await expect(apiPost('/api/auth/user/info')).rejects.toThrow('登录已失效，请重新登录');
    expect(getSession()).toBeNull();
  });
});

describe('logout', () => {
  it('tells the server, then clears token, user, cart count and cached data', async () => {
    saveSession({ token: 'tok', refreshToken: 'r', expires: now() + 7000 });
    queryClient.setQueryData(userInfoKey, { cartNum: 3 });
    const { calls } = mockApi({ '/api/auth/logout': { msg: '已退出登录' } });
    await logout();
    expect(calls[0]).toMatchObject({ path: '/api/auth/logout', method: 'POST' });
    expect(calls[0]?.headers.token).toBe('tok');
    expect(getSession()).toBeNull();
    expect(localStorage.getItem('lab.session')).toBeNull();
    expect(queryClient.getQueryData(userInfoKey)).toBeUndefined();
  });

  it('clears locally even when the server cannot be reached', async () => {
    saveSession({ token: 'tok', refreshToken: 'r', expires: now() + 7000 });
    const { fetchMock } = mockApi({});
    fetchMock.mockRejectedValue(new TypeError('Failed to fetch'));
    await logout();
    expect(getSession()).toBeNull();
    clearSession();
  });
});

describe('another tab', () => {
  function Who() {
    const session = useSession();
    return <p>{session ? `已登录 ${session.token}` : '未登录'}</p>;
  }
  // what the browser does in this tab when another one writes the key
  const otherTab = (value: string | null) => {
    if (value === null) localStorage.removeItem('lab.session');
    else localStorage.setItem('lab.session', value);
    act(() => window.dispatchEvent(new StorageEvent('storage', { key: 'lab.session', newValue: value })));
  };

  it('logging in there shows here, and logging out there clears the member cached here', () => {
    render(<Who />);
    expect(screen.getByText('未登录')).toBeInTheDocument();
    otherTab(JSON.stringify({ token: 'tab2', refreshToken: 'r', expires: now() + 7000 }));
    expect(screen.getByText('已登录 tab2')).toBeInTheDocument();
    expect(getSession()?.token).toBe('tab2');

    queryClient.setQueryData(userInfoKey, { cartNum: 3 });
    otherTab(null);
    expect(screen.getByText('未登录')).toBeInTheDocument();
    expect(queryClient.getQueryData(userInfoKey)).toBeUndefined();
  });
});
