import type { ReactNode } from 'react';
import { render } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { createMemoryRouter, RouterProvider, type RouteObject } from 'react-router';
import { vi } from 'vitest';
import { AntScope } from '../../../components/ant-scope';

type Handler = (url: URL, init: RequestInit) => unknown;

/** fetch answering by path with the envelope; unknown paths answer code 0. */
export function mockApi(handlers: Record<string, Handler>) {
  const fetchMock = vi.fn(async (input: URL | string, init: RequestInit = {}) => {
    const url = new URL(String(input), 'http://localhost');
    const handler = handlers[url.pathname];
    const body = handler ? { code: 1, msg: '操作成功', data: handler(url, init) } : { code: 0, msg: '未找到', data: null };
    return new Response(JSON.stringify(body), { status: handler ? 200 : 404, headers: { 'content-type': 'application/json' } });
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

export function renderRoutes(routes: RouteObject[], initial: string, extra?: ReactNode) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const router = createMemoryRouter(routes, { initialEntries: [initial] });
  const view = render(
    <AntScope>
      <QueryClientProvider client={client}>
        <RouterProvider router={router} />
        {extra}
      </QueryClientProvider>
    </AntScope>,
  );
  return { ...view, router };
}
