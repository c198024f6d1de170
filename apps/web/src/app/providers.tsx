import type { ReactNode } from 'react';
import { QueryClientProvider } from '@tanstack/react-query';
import { queryClient } from '../lib/query-client';
import { AntdBoundary } from '../lib/antd-loader';

export function AppProviders({ children }: { children: ReactNode }) {
  return (
    <QueryClientProvider client={queryClient}>
      <AntdBoundary>{children}</AntdBoundary>
    </QueryClientProvider>
  );
}
