import type { ReactNode } from 'react';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { queryClient } from '../lib/query-client';

/**
 * The server renders a page with a query client of its own, filled for that page only. antd's
 * providers are not here: each lazily loaded part that uses antd wraps itself (app/ant-scope).
 */
export function AppProviders({ children, client = queryClient }: { children: ReactNode; client?: QueryClient }) {
  return <QueryClientProvider client={client}>{children}</QueryClientProvider>;
}
