import { StrictMode, startTransition, useEffect, type ReactNode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { HydrationBoundary, type DehydratedState } from '@tanstack/react-query';
import { AppProviders } from './app/providers';
import { AppRouter } from './app/app-router';
import { createAppRouter, routes } from './app/router';
import { readServerState, resolveLazyRoutes } from './app/hydration';
import { SERVER_STATE_ID } from './app/server-page';
import { loginPanel } from './lib/login-panel';

/** The tree entry-server.tsx draws too, around the same page: the drawn page's queries go in through HydrationBoundary. */
const app = (router: ReturnType<typeof createAppRouter>, queries?: DehydratedState) => (
  <StrictMode>
    <AppProviders>
      <HydrationBoundary state={queries}>
        <AppRouter router={router} />
      </HydrationBoundary>
    </AppProviders>
  </StrictMode>
);

/**
 * The data is in the query cache once hydration starts; its block gone also tells that the app
 * has the page (e2e/support/test.ts), so it goes when the hydrated tree has committed.
 */
const dropServerState = () => {
  document.getElementById(SERVER_STATE_ID)?.remove();
  openEarlyLogin();
};

/** 登录 / 注册 clicked before the app had the page (start-after-paint.ts kept it): open the panel now. */
function openEarlyLogin() {
  const html = document.documentElement;
  const view = html.dataset.earlyLogin;
  delete html.dataset.earlyLogin;
  if (view === 'sign' || view === 'reg') loginPanel.open({ view });
}

/**
 * Calls `onCommitted` once the tree it wraps has committed: a parent's effect runs after its
 * children's, so the page's own effects (a carousel starting) have run by then. Renders no
 * element, so the server's HTML and the hydrated tree stay the same.
 */
function Committed({ onCommitted, children }: { onCommitted: () => void; children: ReactNode }) {
  useEffect(onCommitted, [onCommitted]);
  return children;
}

/** The app, on the page the server drew (hydrated: the same tree from the same data) or on the bare shell. */
async function start() {
  const container = document.getElementById('root')!;
  const server = readServerState();
  if (server) {
    try {
      await resolveLazyRoutes(routes, window.location.pathname);
      // the page's loaders ran on the server: the router starts from their result
      const router = createAppRouter(server.router);
      // as a transition, hydration yields to the browser between pieces instead of one long task
      // from here React replays a click on the drawn page itself (start-after-paint.ts stops keeping them)
      document.documentElement.dataset.appStarted = '1';
      startTransition(() => {
        hydrateRoot(container, <Committed onCommitted={dropServerState}>{app(router, server.queries)}</Committed>);
      });
      return;
    } catch {
      // the page's script did not load: render from scratch, where the router shows its error page
      dropServerState();
    }
  }
  createRoot(container).render(app(createAppRouter()));
}

void start();
