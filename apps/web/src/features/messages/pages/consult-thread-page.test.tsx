import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ConsultationThread } from '@lab/contract';
import { renderApp } from '../../../testing/render';
import { mockApi, type MockCall } from '../../../testing/fetch-mock';
import { saveSession } from '../../../lib/session';
import ConsultThreadPage from './consult-thread-page';

const login = () => saveSession({ token: 't', refreshToken: 'r', expires: Math.floor(Date.now() / 1000) + 7200 });

const base = (over: Partial<ConsultationThread> = {}): ConsultationThread => ({
  rid: 'c1',
  status: 'replied',
  createdAt: '2026-12-01T02:00:00.000Z',
  lastMessageAt: '2026-12-01T02:30:00.000Z',
  closedAt: null,
  messages: [
    { author: 'member', name: '陈老师', content: 'SEM 能测磁性样品吗？', createdAt: '2026-12-01T02:00:00.000Z' },
    { author: 'staff', name: '林经理', content: '可以，需先消磁处理。', createdAt: '2026-12-01T02:30:00.000Z' },
  ],
  ...over,
});

/** detail and reply over one thread; another rid is 404 as the server says. */
function server(start: ConsultationThread) {
  const thread = { ...start, messages: [...start.messages] };
  return mockApi({
    '/api/auth/consult/detail': (call: MockCall) => (call.form.get('rid') === thread.rid ? { data: thread } : { code: 0, status: 404, msg: '咨询不存在' }),
    '/api/auth/consult/reply': (call: MockCall) => {
      thread.messages.push({ author: 'member', name: '陈老师', content: String(call.form.get('content')), createdAt: '2026-12-01T03:00:00.000Z' });
      thread.status = 'pending';
      thread.closedAt = null;
      return { data: thread, msg: '留言已发送' };
    },
  });
}

const routes = [{ path: '/member/consult/:rid', element: <ConsultThreadPage /> }];

describe('我的咨询 → a thread', () => {
  it('shows every message and its state; a follow-up is sent with the thread\'s rid and appears, the state back to 待回复', async () => {
    login();
    const { calls } = server(base());
    renderApp(<ConsultThreadPage />, { path: '/member/consult/c1', routes });
    const list = await screen.findByRole('list', { name: '咨询记录' });
    expect(within(list).getAllByTestId('consult-message')).toHaveLength(2);
    expect(screen.getByText('已回复')).toBeInTheDocument();

    await userEvent.type(screen.getByRole('textbox', { name: '留言内容' }), '粉末样品也要消磁吗？');
    await userEvent.click(screen.getByRole('button', { name: '发送' }));
    await waitFor(() => expect(within(screen.getByRole('list', { name: '咨询记录' })).getAllByTestId('consult-message')).toHaveLength(3));
    const sent = calls.filter((c) => c.path === '/api/auth/consult/reply');
    expect(sent).toHaveLength(1);
    expect(sent[0]!.form.get('rid')).toBe('c1');
    expect(sent[0]!.form.get('content')).toBe('粉末样品也要消磁吗？');
    expect(await screen.findByText('待回复')).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: '留言内容' })).toHaveValue('');
  });

  it('an empty follow-up is refused under the field, and nothing is sent', async () => {
    login();
    const { calls } = server(base());
    renderApp(<ConsultThreadPage />, { path: '/member/consult/c1', routes });
    await screen.findByRole('list', { name: '咨询记录' });
    await userEvent.click(screen.getByRole('button', { name: '发送' }));
    expect(await screen.findByText('[留言内容]不能为空')).toBeInTheDocument();
    expect(calls.filter((c) => c.path === '/api/auth/consult/reply')).toHaveLength(0);
  });

  it('a closed thread says so, and writing opens it again', async () => {
    login();
    server(base({ status: 'closed', closedAt: '2026-12-01T02:40:00.000Z' }));
    renderApp(<ConsultThreadPage />, { path: '/member/consult/c1', routes });
    expect(await screen.findByText('该咨询已关闭。如还有问题，继续留言即可重新打开。')).toBeInTheDocument();
    expect(screen.getByText('继续留言（将重新打开该咨询）')).toBeInTheDocument();
  });

  it('another member\'s thread: the server\'s 咨询不存在', async () => {
    login();
    server(base());
    renderApp(<ConsultThreadPage />, { path: '/member/consult/other', routes });
    expect(await screen.findByText('咨询不存在')).toBeInTheDocument();
    expect(screen.queryByRole('list', { name: '咨询记录' })).toBeNull();
  });
});
