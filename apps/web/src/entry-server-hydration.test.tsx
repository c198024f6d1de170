import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { ReactNode } from 'react';
import { act, screen } from '@testing-library/react';
import { hydrateRoot, type Root } from 'react-dom/client';
import { HydrationBoundary } from '@tanstack/react-query';
import type { WebRenderer } from '@lab/contract/web-render';
import { createRenderer } from './entry-server';
import { AppProviders } from './app/providers';
import { AppRouter } from './app/app-router';
import { createAppRouter, routes } from './app/router';
import { readServerState, resolveLazyRoutes } from './app/hydration';
import { queryClient } from './lib/query-client';
import { detailFixture } from './features/catalog/testing/device-fixture';
import { answeringApi, bodyOf, home, manifest, settings, template } from './testing/entry-server-fixture';

// Swiper measures the page, which jsdom has not laid out; server and browser draw the same slides.
vi.mock('swiper/react', () => ({
  Swiper: ({ children, className }: { children: ReactNode; className?: string }) => <div className={className}>{children}</div>,
  SwiperSlide: ({ children }: { children: ReactNode }) => <div className="swiper-slide">{children}</div>,
}));
vi.mock('swiper/modules', () => ({ Autoplay: {}, Pagination: {} }));

let answers: Record<string, unknown>;
const { calls, api } = answeringApi(() => answers);

let renderer: WebRenderer;

beforeAll(() => {
  renderer = createRenderer({ template, manifest, api });
});

afterEach(() => {
  answers = {};
  calls.length = 0;
  queryClient.clear();
  vi.unstubAllEnvs();
});

/** The browser's fetch answering as the server would, from `answers`. */
function browserFetch() {
  const asked: string[] = [];
  const fetchSpy = vi.fn(async (input: RequestInfo | URL) => {
    const path = new URL(String(input)).pathname;
    asked.push(path);
    const data = answers[path];
    return new Response(JSON.stringify(data === undefined ? { code: 0, msg: '没有这个接口', data: null } : { code: 1, msg: '操作成功', data }), { status: 200 });
  });
  vi.stubGlobal('fetch', fetchSpy);
  return asked;
}

describe('the browser takes the drawn page over', () => {
  /** Draws `url`, puts the drawing in the document and hydrates it as main.tsx does; `keep`: a drawn node to hold on to. */
  async function hydrateDrawn(url: string, keep = '#root > *') {
    const page = bodyOf((await renderer.render(url))!);
    queryClient.clear();
    window.history.replaceState(null, '', url);
    document.body.innerHTML = page.body.innerHTML;
    const drawn = document.querySelector(keep);
    const consoleError = vi.spyOn(console, 'error');
    const recoverable = vi.fn();
    const server = readServerState();
    expect(server, 'the page carries the data it was drawn from').not.toBeNull();
    await resolveLazyRoutes(routes, window.location.pathname);
    const router = createAppRouter(server!.router);
    // started from the server's hydration data: no loader runs, no fallback is drawn
    expect(router.state.initialized).toBe(true);
    let root: Root | undefined;
    await act(async () => {
      root = hydrateRoot(
        document.getElementById('root')!,
        <AppProviders>
          <HydrationBoundary state={server!.queries}>
            <AppRouter router={router} />
          </HydrationBoundary>
        </AppProviders>,
        { onRecoverableError: recoverable },
      );
    });
    return {
      drawn,
      router,
      recoverable,
      consoleError,
      done: () => {
        // nothing left mounted for the files that share this worker's modules
        act(() => root!.unmount());
        router.dispose();
        consoleError.mockRestore();
        window.history.replaceState(null, '', '/');
      },
    };
  }

  it('hydrates the same tree from the same data: no mismatch, no call, the drawn nodes kept', async () => {
    answers = { '/api/open/web/index': home, '/api/open/setting': settings };
    const asked = browserFetch();
    const hydrated = await hydrateDrawn('/', '.hp-banner-img');
    expect(hydrated.recoverable).not.toHaveBeenCalled();
    expect(hydrated.consoleError).not.toHaveBeenCalled();
    expect(hydrated.drawn).not.toBeNull();
    expect(document.querySelector('.hp-banner-img')).toBe(hydrated.drawn);
    // the drawn data counts as fresh: the page asks for nothing again
    expect(asked).toEqual([]);
    hydrated.done();
  });

  it('runs the same loaders in the browser on a navigation: the next page opens drawn, not as a skeleton', async () => {
    answers = { '/api/open/web/index': home, '/api/open/setting': settings, '/api/open/web/device/detail': detailFixture };
    const asked = browserFetch();
    const hydrated = await hydrateDrawn('/');
    await act(() => hydrated.router.navigate('/detail/xrd-rid'));
    // the loader had the item before the page showed: its name at once, no loading state in between
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent(detailFixture.name);
    // the loader asked for the item; the page itself then asks only for the instrument's current queue (当前排队)
    expect(asked).toEqual(['/api/open/web/device/detail', '/api/open/queue/waits']);
    expect(hydrated.recoverable).not.toHaveBeenCalled();
    hydrated.done();
  });
});
