import type { ReactNode } from 'react';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { queryClient } from '../lib/query-client';
import { AntdBoundary } from '../lib/antd-loader';

/** The server renders a page with a query client of its own, filled for that page only. */
export function AppProviders({ children, client = queryClient }: { children: ReactNode; client?: QueryClient }) {
  return (
    <QueryClientProvider client={client}>
      <AntdBoundary>{children}</AntdBoundary>
    </QueryClientProvider>
  );
}
