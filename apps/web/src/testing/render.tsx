import type { ReactElement, ReactNode } from 'react';
import { render } from '@testing-library/react';
import { createMemoryRouter, RouterProvider, type RouteObject } from 'react-router';
import { StyleProvider } from '@ant-design/cssinjs';
import { QueryClientProvider } from '@tanstack/react-query';
import { AntScope } from '../components/ant-scope';
import { queryClient } from '../lib/query-client';

/**
 * antd writes its styles into <style> tags at run time. jsdom then matches every one of those
 * rules on each getComputedStyle (Testing Library's role queries and user-event call it for
 * every element they look at), which made most of the web suite's time. The tests assert what
 * a person reads and can do, not colours, so the styles are computed but not inserted.
 */
export function TestStyles({ children }: { children: ReactNode }) {
  return <StyleProvider mock="server">{children}</StyleProvider>;
}

/**
 * Renders `ui` at `path` inside the app's providers and a memory router, wrapped in antd's
 * providers as the lazily loaded parts that use antd wrap themselves (components/ant-scope).
 * `antd: false` renders it as a public page is drawn: with no antd around it.
 */
export function renderApp(ui: ReactElement, { path = '/', routes = [] as RouteObject[], antd = true } = {}) {
  const router = createMemoryRouter([{ path: '*', element: ui }, ...routes], { initialEntries: [path] });
  const page = <RouterProvider router={router} />;
  const result = render(
    <TestStyles>
      <QueryClientProvider client={queryClient}>{antd ? <AntScope>{page}</AntScope> : page}</QueryClientProvider>
    </TestStyles>,
  );
  return { ...result, router };
}
