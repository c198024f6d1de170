import { describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderApp } from '../testing/render';
import { mockApi } from '../testing/fetch-mock';
import { clearSession, getSession, saveSession } from '../lib/session';
import { loginPanel } from '../lib/login-panel';
import { SiteHeader } from './site-header';

const info = {
  account: { rid: 'r', phone: '13800138000', nickname: '张同学', name: '张明', email: null, organization: 0, company: null, inviteCode: 'DEMO2026', hasPassword: true, createdAt: '2026-01-01T00:00:00Z' },
  addressList: [],
  cartNum: 3,
};

describe('site header', () => {
  it('every link of the spec', () => {
    renderApp(<SiteHeader />);
    const nav = screen.getByRole('navigation', { name: '主导航' });
    const hrefs = Array.from(nav.querySelectorAll('a')).map((a) => [a.textContent?.trim(), a.getAttribute('href')]);
    expect(hrefs).toEqual([
      ['首页', '/'],
      ['送样检测寄送样品到实验室测试', `/project/1/${encodeURIComponent('送样检测')}`],
      ['上门预约预约机时，到场操作仪器', `/project/2/${encodeURIComponent('上门预约')}`],
      ['数据分析谱图解析与数据处理', `/project/3/${encodeURIComponent('数据分析')}`],
      ['关于我们', '/about'],
      ['能力展示', '/televised'],
      ['新闻', '/list/news'],
      ['课程', '/list/course'],
      ['联系我们', '/contact'],
    ]);
    expect(screen.getByRole('link', { name: '指南' })).toHaveAttribute('href', '/guide');
    expect(screen.getByRole('link', { name: '发布需求' })).toHaveAttribute('href', '/require');
    expect(screen.getByRole('link', { name: /实验计划/ })).toHaveAttribute('href', '/experiment/plan');
  });

  it('search opens /search?kw= in the named window', async () => {
    const open = vi.fn();
    vi.stubGlobal('open', open);
    mockApi({ '/api/open/web/device/suggest': { data: [] } });
    renderApp(<SiteHeader />);
    await userEvent.type(screen.getByRole('combobox', { name: '搜索检测项目' }), 'XPS 价态');
    await userEvent.click(screen.getByRole('button', { name: '搜索' }));
    expect(open).toHaveBeenCalledWith('/search?kw=XPS%20%E4%BB%B7%E6%80%81', 'labSearch');
  });

  it('suggests techniques, words and items as the user types; ↓ ↑ and Enter pick one', async () => {
    const open = vi.fn();
    vi.stubGlobal('open', open);
    const { calls } = mockApi({
      '/api/open/web/device/suggest': {
        data: [
          { kind: 'technique', text: '扫描电镜 SEM', rid: null, childId: 3201 },
          { kind: 'synonym', text: '扫描电子显微镜', rid: null, childId: null },
          { kind: 'item', text: '场发射扫描电镜 SEM（形貌）', rid: 'sem01', childId: null },
        ],
      },
    });
    const { router } = renderApp(<SiteHeader />);
    const box = screen.getByRole('combobox', { name: '搜索检测项目' });
    await userEvent.type(box, '扫描');
    const list = await screen.findByRole('listbox', { name: '搜索联想' });
    await waitFor(() => expect(list.querySelectorAll('[role="option"]')).toHaveLength(3));
    await waitFor(() => expect(calls.at(-1)?.query.get('q')).toBe('扫描'));
    await userEvent.keyboard('{ArrowDown}{ArrowDown}');
    expect(screen.getByRole('option', { name: /扫描电子显微镜/ })).toHaveAttribute('aria-selected', 'true');
    await userEvent.keyboard('{Enter}');
    expect(open).toHaveBeenCalledWith(`/search?kw=${encodeURIComponent('扫描电子显微镜')}`, 'labSearch');
    await userEvent.type(box, '电镜');
    await screen.findByRole('listbox', { name: '搜索联想' });
    await userEvent.keyboard('{ArrowUp}{Enter}');
    await waitFor(() => expect(router.state.location.pathname).toBe('/detail/sem01'));
  });

  it('visitors get login and register buttons that open the panel views', async () => {
    renderApp(<SiteHeader />);
    const quick = screen.getByRole('navigation', { name: '快捷入口' });
    await userEvent.click(quick.querySelectorAll('button')[1]!);
    expect(loginPanel.get()).toMatchObject({ open: true, view: 'reg' });
    await userEvent.click(quick.querySelectorAll('button')[0]!);
    expect(loginPanel.get()).toMatchObject({ open: true, view: 'sign' });
  });

  it('a member sees the name and the cart badge; 退出登录 clears the session and goes home', async () => {
    saveSession({ token: 't', refreshToken: 'r', expires: Math.floor(Date.now() / 1000) + 7200 });
    const { calls } = mockApi({ '/api/auth/user/info': { data: info }, '/api/auth/logout': { msg: '已退出登录' } });
    const { router } = renderApp(<SiteHeader />, { path: '/member/center' });
    const user = await screen.findByTestId('header-user');
    await waitFor(() => expect(user).toHaveTextContent('张明'));
    expect(screen.getAllByText('3').length).toBeGreaterThan(0);
    await userEvent.hover(screen.getByTestId('header-user'));
    await userEvent.click(await screen.findByText('退出登录'));
    await waitFor(() => expect(getSession()).toBeNull());
    expect(router.state.location.pathname).toBe('/');
    expect(calls.map((call) => call.path)).toContain('/api/auth/logout');
    expect(await screen.findByRole('button', { name: '登录' })).toBeInTheDocument();
  });

  it('keeps index.html’s member mark (登录 / 注册 hidden) while a member is in; drops it on logout and for a visitor', async () => {
    const marked = () => document.documentElement.hasAttribute('data-member');
    document.documentElement.setAttribute('data-member', '');
    saveSession({ token: 't', refreshToken: 'r', expires: Math.floor(Date.now() / 1000) + 7200 });
    mockApi({ '/api/auth/user/info': { data: info } });
    const { unmount } = renderApp(<SiteHeader />);
    await screen.findByTestId('header-user');
    expect(marked()).toBe(true);
    clearSession();
    await waitFor(() => expect(marked()).toBe(false));
    unmount();

    document.documentElement.setAttribute('data-member', '');
    renderApp(<SiteHeader />);
    await waitFor(() => expect(marked()).toBe(false));
  });
});
