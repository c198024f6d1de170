import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ComponentType } from 'react';
import { renderToString } from 'react-dom/server';
import { hydrateRoot, type Root } from 'react-dom/client';
import { act } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { createMemoryRouter, Route, RouterProvider, Routes, StaticRouter } from 'react-router';
import type { ArticleSummary, ContentPage } from '@lab/contract';
import ListPage from './features/catalog/pages/list-page';
import SearchPage from './features/catalog/pages/search-page';
import { articleListQueryOptions } from './features/catalog/api/list-articles';
import { deviceSearchQueryOptions } from './features/catalog/api/search-devices';
import { summaryFixture } from './features/catalog/testing/device-fixture';
import StaticPage from './features/content/pages/static-page';
import { contentPageQueryOptions } from './features/content/api/get-content-page';

/**
 * The public pages built with the plain kit instead of antd (issue 18: the article lists, the
 * search results, the information pages) draw on the server from their data alone, with none of
 * antd's markup, and the browser hydrates that drawing as it is: no mismatch, nothing asked again.
 */

const article = (rid: string, title: string): ArticleSummary => ({
  rid,
  kind: 'news',
  title,
  img: `/upload/img/${rid}.svg`,
  sketch: '实验室动态。',
  created: '2026-06-16T01:00:00.000Z',
  source: null,
  views: 3,
});

const clientWith = (fill: (client: QueryClient) => void) => {
  const client = new QueryClient({ defaultOptions: { queries: { staleTime: Infinity, retry: false } } });
  fill(client);
  return client;
};

let root: Root | null = null;
afterEach(() => {
  if (root) act(() => root!.unmount());
  root = null;
  document.body.innerHTML = '';
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

/** Draws `url` as the server would (a string, no antd providers), then hydrates it in the document. */
async function drawThenHydrate(url: string, path: string, Page: ComponentType, fill: (client: QueryClient) => void) {
  const html = renderToString(
    <QueryClientProvider client={clientWith(fill)}>
      <StaticRouter location={url}>
        <Routes>
          <Route path={path} element={<Page />} />
        </Routes>
      </StaticRouter>
    </QueryClientProvider>,
  );
  const asked = vi.fn(async () => new Response('{}', { status: 500 }));
  vi.stubGlobal('fetch', asked);
  const consoleError = vi.spyOn(console, 'error');
  const recoverable = vi.fn();
  const container = document.createElement('div');
  container.innerHTML = html;
  document.body.append(container);
  const drawn = container.firstElementChild;
  const router = createMemoryRouter([{ path, Component: Page }], { initialEntries: [url] });
  await act(async () => {
    root = hydrateRoot(
      container,
      <QueryClientProvider client={clientWith(fill)}>
        <RouterProvider router={router} />
      </QueryClientProvider>,
      { onRecoverableError: recoverable },
    );
  });
  expect(recoverable).not.toHaveBeenCalled();
  expect(consoleError).not.toHaveBeenCalled();
  expect(asked).not.toHaveBeenCalled();
  // the drawn nodes are kept, not drawn again
  expect(container.firstElementChild).toBe(drawn);
  return { html, container };
}

const noAntd = (html: string) => expect(html).not.toMatch(/class="[^"]*\bant-/);

describe('public pages on the plain kit: drawn on the server without antd, hydrated as drawn', () => {
  it('the news list with its page numbers', async () => {
    const list = Array.from({ length: 10 }, (_, index) => article(`n${index}`, `实验室开放日 ${index + 1}`));
    const { html, container } = await drawThenHydrate('/list/news?page=2', '/list/:type', ListPage, (client) =>
      client.setQueryData(articleListQueryOptions({ kind: 'news', page: 2, pageSize: 10 }).queryKey, { list, total: 25, page: 2, pageSize: 10 }),
    );
    noAntd(html);
    expect(container.querySelectorAll('a.cat-article')).toHaveLength(10);
    expect(container.textContent).toContain('实验室开放日 1');
    const current = container.querySelector('nav[aria-label="分页"] [aria-current="page"]');
    expect(current?.textContent).toBe('2');
  });

  it('the search results, with the search box filled in', async () => {
    const { html, container } = await drawThenHydrate('/search?kw=xrd', '/search', SearchPage, (client) =>
      client.setQueryData(deviceSearchQueryOptions({ keyword: 'xrd', page: 1, pageSize: 12 }).queryKey, { list: [summaryFixture], total: 1, page: 1, pageSize: 12, words: ['xrd'], near: [] }),
    );
    noAntd(html);
    expect(container.querySelector<HTMLInputElement>('input[aria-label="搜索关键词"]')?.value).toBe('xrd');
    expect(container.querySelector('section[aria-label="搜索结果"] mark')?.textContent?.toLowerCase()).toBe('xrd');
  });

  it('an information page (the service guide)', async () => {
    const page: ContentPage = { key: 'guide', title: '服务指南', content: '<p>注册、下单、寄样。</p>', updated: '2026-05-01T08:00:00.000Z' };
    const { html, container } = await drawThenHydrate('/guide', '/guide', StaticPage, (client) => client.setQueryData(contentPageQueryOptions('guide').queryKey, page));
    noAntd(html);
    expect(container.querySelector('h1')?.textContent).toBe('服务指南');
    expect(container.textContent).toContain('注册、下单、寄样。');
    expect(container.textContent).toContain('更新于 2026-05-01');
  });
});
