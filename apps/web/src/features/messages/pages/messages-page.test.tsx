import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { MemberMessage } from '@lab/contract';
import { renderApp } from '../../../testing/render';
import { mockApi, type MockCall } from '../../../testing/fetch-mock';
import { saveSession } from '../../../lib/session';
import MessagesPage from './messages-page';

const login = () => saveSession({ token: 't', refreshToken: 'r', expires: Math.floor(Date.now() / 1000) + 7200 });

const message = (over: Partial<MemberMessage>): MemberMessage => ({
  rid: 'm1',
  kind: 'order',
  title: '报告已上传',
  content: '您的订单 LAB2026120100001 的测试报告已上传，请在订单详情中下载。',
  link: '/member/order?no=LAB2026120100001',
  read: false,
  createdAt: '2026-12-01T06:30:00.000Z',
  ...over,
});

/** A small server: list (with the unread filter), unread, read and readAll over one array. */
function server(messages: MemberMessage[], overrides: Record<string, { code?: 0 | 1; msg?: string; status?: number }> = {}) {
  const box = messages.map((m) => ({ ...m }));
  const unread = () => box.filter((m) => !m.read).length;
  const api = mockApi({
    '/api/auth/message/list': (call: MockCall) => {
      const list = call.form.get('unread') === '1' ? box.filter((m) => !m.read) : box;
      return { data: { list, total: list.length, page: Number(call.form.get('page')), pageSize: Number(call.form.get('pageSize')) } };
    },
    '/api/auth/message/unread': () => ({ data: { unread: unread() } }),
    '/api/auth/message/read': (call: MockCall) => {
      const m = box.find((x) => x.rid === call.form.get('rid'));
      if (!m) return { code: 0, status: 404, msg: '消息不存在' };
      m.read = true;
      return { data: m };
    },
    '/api/auth/message/readAll': () => {
      for (const m of box) m.read = true;
      return { data: { unread: 0 }, msg: '已全部标为已读' };
    },
    ...overrides,
  });
  return { ...api, box };
}

const inbox = () => [
  message({}),
  message({ rid: 'm2', kind: 'consult', title: '您的咨询已回复', content: '您咨询的「XRD 样品量」已有回复：粉末约 200 mg。', link: null, createdAt: '2026-11-30T01:05:00.000Z' }),
  message({ rid: 'm3', kind: 'notice', title: '国庆假期安排', content: '10 月 1 日至 7 日暂停收样。', link: null, read: true, createdAt: '2026-09-20T02:00:00.000Z' }),
];
const callsTo = (calls: MockCall[], path: string) => calls.filter((c) => c.path === path);

describe('messages page', () => {
  it('全部 lists title, Shanghai time, kind and content; a link button only where a link is set', async () => {
    login();
    const { calls } = server(inbox());
    renderApp(<MessagesPage />, { path: '/member/message' });
    expect(screen.getByRole('heading', { name: '站内消息' })).toBeInTheDocument();
    const list = await screen.findByRole('list', { name: '全部消息' });
    const items = within(list).getAllByTestId('message-item');
    expect(items).toHaveLength(3);
    expect(items[0]).toHaveTextContent('报告已上传');
    expect(items[0]).toHaveTextContent('2026-12-01 14:30');
    expect(items[0]).toHaveTextContent('订单');
    expect(items[0]).toHaveTextContent('测试报告已上传，请在订单详情中下载。');
    expect(items[0]).toHaveClass('is-unread');
    expect(within(items[0]!).getByRole('button', { name: /查看详情/ })).toBeInTheDocument();
    expect(items[1]).toHaveTextContent('咨询回复');
    expect(items[1]).toHaveTextContent('2026-11-30 09:05');
    expect(within(items[1]!).queryByRole('button', { name: /查看详情/ })).toBeNull();
    expect(items[2]).toHaveTextContent('平台公告');
    expect(items[2]).not.toHaveClass('is-unread');
    const listCall = callsTo(calls, '/api/auth/message/list')[0]!;
    expect(listCall.form.get('page')).toBe('1');
    expect(listCall.form.get('unread')).toBeNull();
  });

  it('未读 asks with unread=1 and shows the unread count on the tab', async () => {
    login();
    const { calls } = server(inbox());
    renderApp(<MessagesPage />, { path: '/member/message' });
    const tab = await screen.findByRole('tab', { name: /未读/ });
    await waitFor(() => expect(tab).toHaveTextContent('2'));
    await userEvent.click(tab);
    const list = await screen.findByRole('list', { name: '未读消息' });
    expect(within(list).getAllByTestId('message-item').map((li) => li.querySelector('strong')?.textContent)).toEqual(['报告已上传', '您的咨询已回复']);
    expect(callsTo(calls, '/api/auth/message/list').some((c) => c.form.get('unread') === '1')).toBe(true);
  });

  it('opening an unread message marks it read once and refreshes the unread count', async () => {
    login();
    const { calls } = server(inbox());
    renderApp(<MessagesPage />, { path: '/member/message' });
    const list = await screen.findByRole('list', { name: '全部消息' });
    const item = within(list).getAllByTestId('message-item')[1]!;
    const unreadBefore = callsTo(calls, '/api/auth/message/unread').length;
    const head = within(item).getByRole('button', { name: /您的咨询已回复/ });
    await userEvent.click(head);
    expect(head).toHaveAttribute('aria-expanded', 'true');
    await waitFor(() => expect(item).not.toHaveClass('is-unread'));
    const reads = callsTo(calls, '/api/auth/message/read');
    expect(reads.map((c) => c.form.get('rid'))).toEqual(['m2']);
    await waitFor(() => expect(callsTo(calls, '/api/auth/message/unread').length).toBeGreaterThan(unreadBefore));
    await waitFor(() => expect(screen.getByRole('tab', { name: /未读/ })).toHaveTextContent('1'));
    // closing and opening again: already read, no second call
    await userEvent.click(head);
    await userEvent.click(head);
    expect(callsTo(calls, '/api/auth/message/read')).toHaveLength(1);
  });

  it('opening a read message asks nothing', async () => {
    login();
    const { calls } = server(inbox());
    renderApp(<MessagesPage />, { path: '/member/message' });
    const list = await screen.findByRole('list', { name: '全部消息' });
    await userEvent.click(within(list).getByRole('button', { name: /国庆假期安排/ }));
    expect(callsTo(calls, '/api/auth/message/read')).toHaveLength(0);
  });

  it('查看详情 marks the message read and opens its link', async () => {
    login();
    const { calls } = server(inbox());
    const { router } = renderApp(<MessagesPage />, { path: '/member/message', routes: [{ path: '/member/order', element: <p>订单详情</p> }] });
    const list = await screen.findByRole('list', { name: '全部消息' });
    await userEvent.click(within(list).getAllByRole('button', { name: /查看详情/ })[0]!);
    await waitFor(() => expect(router.state.location.pathname).toBe('/member/order'));
    expect(router.state.location.search).toBe('?no=LAB2026120100001');
    expect(callsTo(calls, '/api/auth/message/read').map((c) => c.form.get('rid'))).toEqual(['m1']);
  });

  it('全部标为已读 marks everything read and refreshes list and count; disabled with nothing unread', async () => {
    login();
    const { calls } = server(inbox());
    renderApp(<MessagesPage />, { path: '/member/message' });
    const button = screen.getByRole('button', { name: /全部标为已读/ });
    await waitFor(() => expect(button).toBeEnabled());
    await userEvent.click(button);
    expect(await screen.findByText('已全部标为已读')).toBeInTheDocument();
    expect(callsTo(calls, '/api/auth/message/readAll')).toHaveLength(1);
    const list = screen.getByRole('list', { name: '全部消息' });
    await waitFor(() => expect(within(list).getAllByTestId('message-item').every((li) => !li.classList.contains('is-unread'))).toBe(true));
    await waitFor(() => expect(button).toBeDisabled());
  });

  it('a refused read shows the server message', async () => {
    login();
    server(inbox(), { '/api/auth/message/read': { code: 0, status: 404, msg: '消息不存在' } });
    renderApp(<MessagesPage />, { path: '/member/message' });
    const list = await screen.findByRole('list', { name: '全部消息' });
    await userEvent.click(within(list).getByRole('button', { name: /报告已上传/ }));
    expect(await screen.findByText('消息不存在')).toBeInTheDocument();
    expect(within(list).getAllByTestId('message-item')[0]).toHaveClass('is-unread');
  });

  it('a refused 全部标为已读 shows the server message', async () => {
    login();
    server(inbox(), { '/api/auth/message/readAll': { code: 0, status: 500, msg: '服务器繁忙，请稍后再试' } });
    renderApp(<MessagesPage />, { path: '/member/message' });
    const button = screen.getByRole('button', { name: /全部标为已读/ });
    await waitFor(() => expect(button).toBeEnabled());
    await userEvent.click(button);
    expect(await screen.findByText('服务器繁忙，请稍后再试')).toBeInTheDocument();
  });

  it('an empty inbox', async () => {
    login();
    server([]);
    renderApp(<MessagesPage />, { path: '/member/message' });
    expect(await screen.findByText('暂无消息，订单进度、审核结果与平台公告会发送到这里')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: /全部标为已读/ })).toBeDisabled();
  });

  it('a failed list says so with the server message', async () => {
    login();
    mockApi({ '/api/auth/message/list': { code: 0, status: 400, msg: '[页码]不能小于1' }, '/api/auth/message/unread': { data: { unread: 0 } } });
    renderApp(<MessagesPage />, { path: '/member/message' });
    expect(await screen.findByText('消息加载失败')).toBeInTheDocument();
    expect(screen.getByText('[页码]不能小于1')).toBeInTheDocument();
  });

  it('pages of 10', async () => {
    login();
    const many = Array.from({ length: 12 }, (_, i) => message({ rid: `r${i}`, title: `消息 ${i + 1}`, link: null }));
    const { calls } = mockApi({
      '/api/auth/message/list': (call: MockCall) => {
        const page = Number(call.form.get('page'));
        return { data: { list: many.slice((page - 1) * 10, page * 10), total: 12, page, pageSize: 10 } };
      },
      '/api/auth/message/unread': { data: { unread: 12 } },
    });
    renderApp(<MessagesPage />, { path: '/member/message' });
    const list = await screen.findByRole('list', { name: '全部消息' });
    expect(within(list).getAllByTestId('message-item')).toHaveLength(10);
    await userEvent.click(screen.getByTitle('2'));
    await waitFor(() => expect(within(screen.getByRole('list', { name: '全部消息' })).getAllByTestId('message-item')).toHaveLength(2));
    expect(callsTo(calls, '/api/auth/message/list').map((c) => c.form.get('pageSize'))).toContain('10');
    expect(callsTo(calls, '/api/auth/message/list').map((c) => c.form.get('page'))).toContain('2');
  });
});
