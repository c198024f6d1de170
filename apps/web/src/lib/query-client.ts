import { QueryClient } from '@tanstack/react-query';
import { ApiError } from './api';
import { onSessionCleared } from './session';

export const queryClient = new QueryClient({
  defaultOptions: {
    queries: {
      staleTime: 30_000,
      refetchOnWindowFocus: false,
      retry: (count, error) => !(error instanceof ApiError && error.status >= 400 && error.status < 500) && count < 2,
    },
  },
});

// Logging out or an expired token drops the member's cached data: user, cart count, plan, messages.
onSessionCleared(() => queryClient.clear());
