import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { createMemoryRouter, RouterProvider } from 'react-router';
import StaticPage from './static-page';
import AboutLayout from './about-layout';
import AboutPage from './about-page';
import { TestStyles } from '../../../testing/render';

afterEach(() => vi.unstubAllGlobals());

function mockFetch() {
  const fetchMock = vi.fn(async (input: URL | string, init: RequestInit = {}) => {
    const url = new URL(String(input), 'http://localhost');
    let data: unknown = null;
    if (url.pathname === '/api/open/web/page') {
      const key = url.searchParams.get('key');
      data = { key, title: key === 'culture' ? '企业文化' : '联系我们', content: `<p>${key} 页面正文</p>`, updated: '2026-05-01T08:00:00.000Z' };
    } else if (url.pathname === '/api/open/indexMsg/add') {
      data = { id: 1, body: String(init.body) };
    }
    return new Response(JSON.stringify({ code: 1, msg: '操作成功', data }), { status: 200, headers: { 'content-type': 'application/json' } });
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

function renderAt(path: string) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const router = createMemoryRouter(
    [
      { path: '/contact', Component: StaticPage },
      { path: '/guide', Component: StaticPage },
      { path: '/about', Component: AboutLayout, children: [{ path: ':section', Component: AboutPage }] },
    ],
    { initialEntries: [path] },
  );
  // as the site draws them: no antd around (the pages and the contact form use the plain kit)
  render(
    <QueryClientProvider client={client}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
    { wrapper: TestStyles },
  );
}

describe('content pages', () => {
  it('about: the sub-menu and the section from GET /api/open/web/page?key=', async () => {
    const fetchMock = mockFetch();
    renderAt('/about/culture');
    expect(await screen.findByText('culture 页面正文')).toBeInTheDocument();
    expect(document.title).toBe('企业文化 - 科研检测服务商城');
    expect(screen.getByRole('link', { name: '企业文化' })).toHaveClass('is-active');
    expect(screen.getByRole('link', { name: '公司简介' })).toHaveAttribute('href', '/about/profile');
    expect(screen.getByText('更新于 2026-05-01')).toBeInTheDocument();
    const url = new URL(String(fetchMock.mock.calls[0]?.[0]), 'http://localhost');
    expect(url.searchParams.get('key')).toBe('culture');
  });

  it('a static page reads its key from the path', async () => {
    mockFetch();
    renderAt('/guide');
    expect(await screen.findByText('guide 页面正文')).toBeInTheDocument();
    expect(document.title).toBe('服务指南 - 科研检测服务商城');
  });

  it('contact: the form shows the contract messages, then posts the consultation', async () => {
    const fetchMock = mockFetch();
    renderAt('/contact');
    const user = userEvent.setup();
    const send = () => user.click(screen.getByRole('button', { name: '提交咨询' }));
    await user.click(await screen.findByRole('button', { name: '提交咨询' }));
    // the first problem under its field, which names it as its description (spec §5: only the first shows)
    expect(await screen.findByText('[姓名]不能为空')).toBeInTheDocument();
    expect(screen.queryByText('[手机号]不能为空')).not.toBeInTheDocument();
    expect(screen.getByLabelText('姓名')).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByLabelText('姓名')).toHaveAccessibleDescription('[姓名]不能为空');
    expect(screen.getByLabelText('单位')).not.toHaveAttribute('aria-invalid');

    const fill = (label: string, value: string) => fireEvent.change(screen.getByLabelText(label), { target: { value } });
    fill('姓名', '王老师');
    expect(screen.queryByText('[姓名]不能为空')).not.toBeInTheDocument();
    await send();
    expect(await screen.findByText('[手机号]不能为空')).toBeInTheDocument();
    fill('手机号', '123');
    await send();
    expect(await screen.findByText('[手机号]格式不正确')).toBeInTheDocument();
    fill('手机号', '13912345678');
    await send();
    expect(await screen.findByText('[咨询内容]不能为空')).toBeInTheDocument();
    fill('咨询内容', '10 个粉末样品测 XRD，周期多久？');
    await send();
    expect(await screen.findByText('咨询已提交')).toBeInTheDocument();

    const post = fetchMock.mock.calls.find(([input]) => String(input).includes('/api/open/indexMsg/add'));
    expect(post).toBeTruthy();
    const body = new URLSearchParams(String(post?.[1]?.body));
    expect(body.get('name')).toBe('王老师');
    expect(body.get('phone')).toBe('13912345678');
    expect(body.get('content')).toBe('10 个粉末样品测 XRD，周期多久？');
    expect(body.has('company')).toBe(false);
    await waitFor(() => expect(post?.[1]?.method).toBe('POST'));
  });
});
