import { StrictMode, startTransition } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { AppProviders } from './app/providers';
import { AppRouter } from './app/app-router';
import { createAppRouter, routes } from './app/router';
import { hydrateServerState, resolveLazyRoutes } from './app/hydration';
import { SERVER_STATE_ID } from './app/server-page';
import { queryClient } from './lib/query-client';

const app = (router: ReturnType<typeof createAppRouter>) => (
  <StrictMode>
    <AppProviders>
      <AppRouter router={router} />
    </AppProviders>
  </StrictMode>
);

/** The app, on the page the server drew (hydrated: the same tree from the same data) or on the bare shell. */
async function start() {
  const container = document.getElementById('root')!;
  if (hydrateServerState(queryClient)) {
    try {
      await resolveLazyRoutes(routes, window.location.pathname);
      const router = createAppRouter();
      // as a transition, hydration yields to the browser between pieces instead of one long task
      startTransition(() => {
        hydrateRoot(container, app(router));
      });
      return;
    } catch {
      // the page's script did not load: render from scratch, where the router shows its error page
    } finally {
      // the data is in the query cache now; its block gone also tells that the app has the page (e2e/support/test.ts)
      document.getElementById(SERVER_STATE_ID)?.remove();
    }
  }
  createRoot(container).render(app(createAppRouter()));
}

void start();
