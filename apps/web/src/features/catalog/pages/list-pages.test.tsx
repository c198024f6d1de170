import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ArticleSummary, ThanksEntry } from '@lab/contract';
import ListPage from './list-page';
import TelevisedPage from './televised-page';
import { mockApi, renderRoutes } from '../testing/render';

afterEach(() => vi.unstubAllGlobals());

const article = (over: Partial<ArticleSummary>): ArticleSummary => ({
  rid: 'a1',
  kind: 'service',
  title: '钙钛矿薄膜 GIWAXS 表征',
  img: '/upload/img/a1.svg',
  sketch: '掠入射广角散射揭示晶体取向。',
  created: '2026-06-16T01:00:00.000Z',
  source: null,
  views: 12,
  ...over,
});

const thanks = (index: number): ThanksEntry => ({
  company: `单位 ${index}`,
  title: 'XPS',
  code: `J. Am. Chem. Soc. 2026, ${index}`,
  content: '感谢测试支持。',
  sketch: '摘要。',
  source: null,
});

const bodyOf = (call: unknown[] | undefined) => new URLSearchParams(String((call?.[1] as RequestInit | undefined)?.body ?? ''));

describe('lists', () => {
  it('ability cases: external source in a new tab, else /article/{rid}; dates YYYY-MM-DD', async () => {
    const fetchMock = mockApi({
      '/api/open/web/news/list4index': () => ({
        list: [article({}), article({ rid: 'a2', title: '外部案例', source: 'https://mp.example.com/a2' })],
        total: 2,
        page: 1,
        pageSize: 10,
      }),
    });
    renderRoutes([{ path: '/list/:type', Component: ListPage }], '/list/service');
    const internal = await screen.findByRole('link', { name: /钙钛矿薄膜/ });
    expect(internal).toHaveAttribute('href', '/article/a1');
    expect(internal).toHaveTextContent('2026-06-16');
    const external = screen.getByRole('link', { name: /外部案例/ });
    expect(external).toHaveAttribute('href', 'https://mp.example.com/a2');
    expect(external).toHaveAttribute('target', '_blank');
    expect(document.title).toBe('能力展示案例 - 科研检测服务商城');
    expect(bodyOf(fetchMock.mock.calls[0]).get('kind')).toBe('service');
  });

  it('an empty list shows an empty state', async () => {
    mockApi({ '/api/open/web/news/list4index': () => ({ list: [], total: 0, page: 1, pageSize: 10 }) });
    renderRoutes([{ path: '/list/:type', Component: ListPage }], '/list/course');
    expect(await screen.findByText('暂无课程培训')).toBeInTheDocument();
  });

  it('thanks: the six columns with pages', async () => {
    const fetchMock = mockApi({
      '/api/open/web/acknowledge/list4index': (_url, init) => {
        const page = Number(new URLSearchParams(String(init.body)).get('page'));
        return { list: Array.from({ length: page === 1 ? 10 : 3 }, (_, i) => thanks((page - 1) * 10 + i + 1)), total: 13, page, pageSize: 10 };
      },
    });
    const { router } = renderRoutes([{ path: '/list/:type', Component: ListPage }], '/list/thanks');
    const table = await screen.findByRole('table');
    expect(within(table).getAllByRole('columnheader')).toHaveLength(6);
    expect(within(table).getAllByRole('row')).toHaveLength(11);
    const pager = screen.getByRole('navigation', { name: '分页' });
    expect(within(pager).getByRole('button', { name: '第 1 页' })).toHaveAttribute('aria-current', 'page');
    await userEvent.click(within(pager).getByRole('button', { name: '第 2 页' }));
    await waitFor(() => expect(router.state.location.search).toBe('?page=2'));
    await waitFor(() => expect(within(screen.getByRole('table')).getAllByRole('row')).toHaveLength(4));
    expect(bodyOf(fetchMock.mock.calls.at(-1)).get('page')).toBe('2');
  });

  it('an unknown list type is not found', async () => {
    mockApi({});
    renderRoutes([{ path: '/list/:type', Component: ListPage }], '/list/other');
    expect(await screen.findByText('页面不存在')).toBeInTheDocument();
  });
});

describe('capability showcase', () => {
  it('figures, sections and cases from POST /api/open/ability/index', async () => {
    const fetchMock = mockApi({
      '/api/open/ability/index': () => ({
        figures: [{ label: '仪器设备', value: 76, unit: '台套' }],
        sections: [{ title: '电子显微平台', sketch: '冷场 SEM 与球差电镜。', img: '/upload/img/s1.svg' }],
        cases: [article({ kind: 'service' })],
      }),
    });
    renderRoutes([{ path: '/televised', Component: TelevisedPage }], '/televised');
    expect(await screen.findByText('电子显微平台')).toBeInTheDocument();
    expect(screen.getByText('仪器设备')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: /钙钛矿薄膜/ })).toHaveAttribute('href', '/article/a1');
    expect((fetchMock.mock.calls[0]?.[1] as RequestInit).method).toBe('POST');
    expect(document.title).toBe('能力展示 - 科研检测服务商城');
  });
});
