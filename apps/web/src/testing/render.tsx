import type { ReactElement, ReactNode } from 'react';
import { render } from '@testing-library/react';
import { createMemoryRouter, RouterProvider, type RouteObject } from 'react-router';
import { StyleProvider } from '@ant-design/cssinjs';
import { QueryClientProvider } from '@tanstack/react-query';
import { AntScope } from '../app/ant-scope';
import { AntdBoundary } from '../lib/antd-loader';
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
 * Renders `ui` at `path` inside the app's providers and a memory router, antd's already in
 * place (in the app they load with the first page or dialog that needs them). `antd: false`
 * starts as a page built without antd does, its providers arriving when something loads them.
 */
export function renderApp(ui: ReactElement, { path = '/', routes = [] as RouteObject[], antd = true } = {}) {
  const router = createMemoryRouter([{ path: '*', element: ui }, ...routes], { initialEntries: [path] });
  const Providers = antd ? AntScope : AntdBoundary;
  const result = render(
    <TestStyles>
      <QueryClientProvider client={queryClient}>
        <Providers>
          <RouterProvider router={router} />
        </Providers>
      </QueryClientProvider>
    </TestStyles>,
  );
  return { ...result, router };
}
