import { describe, expect, it, vi } from 'vitest';
import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderApp } from '../testing/render';
import { mockApi } from '../testing/fetch-mock';
import { clearSession, saveSession } from '../lib/session';
import { queryClient } from '../lib/query-client';
import { MessageBell, messageKeys } from './message-bell';

const login = () => saveSession({ token: 't', refreshToken: 'r', expires: Math.floor(Date.now() / 1000) + 7200 });
const unreadCalls = (calls: { path: string }[]) => calls.filter((c) => c.path === '/api/auth/message/unread').length;

describe('message bell', () => {
  it('a visitor sees no bell and nothing is asked', () => {
    const { calls } = mockApi({});
    renderApp(<MessageBell />);
    expect(screen.queryByTestId('message-bell')).toBeNull();
    expect(calls).toHaveLength(0);
  });

  it('a member sees the unread count linking to /member/message', async () => {
    login();
    const { calls } = mockApi({ '/api/auth/message/unread': { data: { unread: 3 } } });
    const { router } = renderApp(<MessageBell />, { routes: [{ path: '/member/message', element: <p>消息页</p> }] });
    const bell = await screen.findByRole('link', { name: '站内消息，3 条未读' });
    expect(bell).toHaveAttribute('href', '/member/message');
    expect(bell).toHaveTextContent('3');
    expect(calls[0]!.method).toBe('POST');
    expect(calls[0]!.headers.token).toBe('t');
    await userEvent.click(bell);
    expect(router.state.location.pathname).toBe('/member/message');
  });

  it('no unread: the bell without a number', async () => {
    login();
    const { calls } = mockApi({ '/api/auth/message/unread': { data: { unread: 0 } } });
    renderApp(<MessageBell />);
    await waitFor(() => expect(unreadCalls(calls)).toBe(1));
    const bell = await screen.findByRole('link', { name: '站内消息' });
    expect(bell.textContent).toBe('');
  });

  it('asks again every 60 seconds', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    login();
    let unread = 1;
    const { calls } = mockApi({ '/api/auth/message/unread': () => ({ data: { unread } }) });
    renderApp(<MessageBell />);
    await screen.findByRole('link', { name: '站内消息，1 条未读' });
    unread = 4;
    await act(async () => {
      await vi.advanceTimersByTimeAsync(60_000);
    });
    await screen.findByRole('link', { name: '站内消息，4 条未读' });
    expect(unreadCalls(calls)).toBe(2);
  });

  it('asks again when the window regains focus', async () => {
    login();
    let unread = 2;
    const { calls } = mockApi({ '/api/auth/message/unread': () => ({ data: { unread } }) });
    renderApp(<MessageBell />);
    await screen.findByRole('link', { name: '站内消息，2 条未读' });
    unread = 5;
    act(() => {
      window.dispatchEvent(new Event('visibilitychange'));
    });
    await screen.findByRole('link', { name: '站内消息，5 条未读' });
    expect(unreadCalls(calls)).toBe(2);
  });

  it('the count is dropped with the session (logout or expiry)', async () => {
    login();
    mockApi({ '/api/auth/message/unread': { data: { unread: 7 } } });
    renderApp(<MessageBell />);
    await screen.findByRole('link', { name: '站内消息，7 条未读' });
    expect(queryClient.getQueryData(messageKeys.unread)).toEqual({ unread: 7 });
    act(() => clearSession());
    await waitFor(() => expect(screen.queryByTestId('message-bell')).toBeNull());
    expect(queryClient.getQueryData(messageKeys.unread)).toBeUndefined();
  });

  it('a failing call leaves the bell without a number', async () => {
    login();
    mockApi({ '/api/auth/message/unread': { code: 0, status: 500, msg: '服务器繁忙' } });
    renderApp(<MessageBell />);
    const bell = await screen.findByRole('link', { name: '站内消息' });
    expect(bell.textContent).toBe('');
  });
});
