import { StrictMode } from 'react';
import { renderToString } from 'react-dom/server';
import { createStaticHandler, createStaticRouter, matchRoutes, StaticRouterProvider } from 'react-router';
import { dehydrate, QueryClient, type Query } from '@tanstack/react-query';
import type { BuildManifestChunk, CreateWebRenderer, RenderApiCall, RenderApiAnswer } from '@lab/contract/web-render';
import { routes } from './app/router';
import { AppProviders } from './app/providers';
import { SERVER_STATE_ID } from './app/server-page';
import { APP_SCRIPT_ID } from './app/app-script';
import { setServerTransport } from './lib/api';
import { serverTitle } from './lib/server-title';
import { fullTitle } from './lib/use-document-title';
import { LIST_QUERY_KEYS } from './features/catalog/list-query';
import { NOT_FOUND_TITLE } from './components/not-found';

/**
 * The server's build of the web app (vite build --ssr): draws the public pages — home, the
 * service list and an item's detail — as HTML, with the data they were drawn from, so the browser paints them
 * before any script runs and main.tsx hydrates the same tree. Every other route gets the bare
 * shell as before. The server caches what this returns per content version
 * (apps/server/src/web/web-pages.ts), so nothing here may depend on who asks: the calls go out
 * without a token and only public data is drawn.
 */

/** The first script of a page drawn here: it starts the app once the page is painted. */
const START_AFTER_PAINT = 'src/start-after-paint.ts';

/** Placeholder origin for the URLs the page's calls are built on; they never leave the process. */
const SERVER_ORIGIN = 'http://localhost';

/**
 * Query keys of public data that only a content change changes (the page is cached until the
 * content version moves); nothing else is fetched on the server, whatever a page asks. Not, for
 * one, an instrument's free hours ('reservation'): the browser asks for those itself.
 */
const PUBLIC_DATA = new Set(['catalog', 'content', 'site']);

/**
 * The pages the server draws, by route id (app/router.tsx), with their modules as the build
 * manifest names them: their scripts and styles go in the head. (React itself puts a preload
 * of the first banner, the largest thing on the home page's first screen, at the top of the
 * body: its <img> is eager with a high fetch priority.)
 */
const publicPages: Record<string, { module: string; query: readonly string[] }> = {
  home: { module: 'src/features/catalog/pages/home-page.tsx', query: [] },
  project: { module: 'src/features/catalog/pages/project-list-page.tsx', query: LIST_QUERY_KEYS },
  detail: { module: 'src/features/catalog/pages/detail-page.tsx', query: [] },
};

const escapeHtml = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** The page's calls, answered by the server in process (lib/api.ts sends them here). */
function serverFetch(api: (call: RenderApiCall) => Promise<RenderApiAnswer>): typeof fetch {
  return async (input, init) => {
    const url = new URL(input instanceof Request ? input.url : String(input));
    const body = init?.body instanceof URLSearchParams ? init.body.toString() : typeof init?.body === 'string' ? init.body : undefined;
    const answer = await api({ method: init?.method === 'GET' ? 'GET' : 'POST', url: url.pathname + url.search, ...(body ? { body } : {}) });
    return new Response(answer.body, { status: answer.status, headers: { 'content-type': 'application/json; charset=utf-8' } });
  };
}

/**
 * Remembers the queries a render asked for (public and enabled only): after the render they
 * are fetched and the page drawn again, until it asks for nothing new — the list, for one, knows
 * which items to ask for only once it has the groups.
 */
function recordQueries(client: QueryClient) {
  const cache = client.getQueryCache();
  const asked = new Set<Query>();
  const build = cache.build.bind(cache);
  cache.build = ((...args: Parameters<typeof build>) => {
    const query = build(...args) as Query;
    const { enabled } = args[1] as { enabled?: boolean | ((query: Query) => boolean) };
    const wanted = typeof enabled === 'function' ? enabled(query) : enabled !== false;
    if (wanted && PUBLIC_DATA.has(String(query.queryKey[0]))) asked.add(query);
    return query;
  }) as typeof cache.build;
  return asked;
}

/**
 * The page's script and style sheets with everything they import, from the build manifest:
 * the module's own script first (it is the one to import); the style sheets of what it imports
 * before its own, in the order the browser would have added them, so the later rules win as
 * they do there.
 */
function pageAssets(manifest: Record<string, BuildManifestChunk>, module: string) {
  const scripts: string[] = [];
  const styles: string[] = [];
  const visit = (key: string) => {
    const chunk = manifest[key];
    if (!chunk || scripts.includes(chunk.file)) return;
    scripts.push(chunk.file);
    for (const imported of chunk.imports ?? []) visit(imported);
    for (const css of chunk.css ?? []) if (!styles.includes(css)) styles.push(css);
  };
  visit(module);
  return { scripts, styles };
}

export const createRenderer: CreateWebRenderer = ({ template, manifest, api }) => {
  if (!template.includes('<div id="root"></div>') || !/<title>[^<]*<\/title>/.test(template)) {
    throw new Error('index.html has no <div id="root"></div> or <title> to fill');
  }
  // The page is drawn already: its style sheets stay in the head, the app's scripts (the entry,
  // what it imports, the page's chunk) are listed for start-after-paint.ts, which asks for them
  // once the page is painted; nothing else of the app is linked.
  const appScript = /<script type="module" crossorigin src="([^"]+)"><\/script>/;
  const startAfterPaint = manifest[START_AFTER_PAINT]?.file;
  if (!appScript.test(template) || !startAfterPaint || !manifest['index.html']) throw new Error(`index.html has no module script, or the build no ${START_AFTER_PAINT}`);
  const shell = template.replace(/\s*<link rel="modulepreload"[^>]*>/g, '');
  const heads = new Map<string, { styles: string; scripts: string }>();
  for (const [id, page] of Object.entries(publicPages)) {
    if (!manifest[page.module]) throw new Error(`the build manifest has no ${page.module} (route ${id})`);
    const app = pageAssets(manifest, 'index.html');
    const own = pageAssets(manifest, page.module);
    const scripts = [...new Set([...app.scripts, ...own.scripts])].map((file) => `/${file}`);
    // the shell's own style sheet is in the template already
    const styles = own.styles.filter((file) => !template.includes(`/${file}"`)).map((file) => `<link rel="stylesheet" crossorigin href="/${file}">`);
    const start = `<script type="module" crossorigin src="/${startAfterPaint}" id="${APP_SCRIPT_ID}" data-scripts="${escapeHtml(JSON.stringify(scripts))}"></script>`;
    heads.set(id, { styles: styles.join(''), scripts: start });
  }

  setServerTransport(serverFetch(api), SERVER_ORIGIN);
  const handler = createStaticHandler(routes);

  const pageOf = (location: URL) => {
    const id = matchRoutes(routes, location.pathname)?.at(-1)?.route.id;
    const page = id === undefined ? undefined : publicPages[id];
    return id && page ? { id, page } : null;
  };

  // the not-found page has no data to draw: the bare shell with its own title, answered 404
  const notFoundShell = shell.replace(/<title>[^<]*<\/title>/, () => `<title>${escapeHtml(fullTitle(NOT_FOUND_TITLE))}</title>`);

  return {
    notFoundPage(url) {
      // the catch-all routes ('*', the site's and the back office's) draw the not-found page
      const leaf = matchRoutes(routes, new URL(url, SERVER_ORIGIN).pathname)?.at(-1)?.route;
      return !leaf || leaf.path === '*' ? notFoundShell : null;
    },

    pageUrl(url) {
      const location = new URL(url, SERVER_ORIGIN);
      const found = pageOf(location);
      if (!found) return null;
      const kept = new URLSearchParams();
      for (const key of found.page.query) {
        const value = location.searchParams.get(key);
        if (value !== null) kept.set(key, value);
      }
      const query = kept.toString();
      return query ? `${location.pathname}?${query}` : location.pathname;
    },

    async render(url) {
      const location = new URL(url, SERVER_ORIGIN);
      const found = pageOf(location);
      if (!found) return null;
      const { id } = found;
      const context = await handler.query(new Request(location));
      if (context instanceof Response) return null;
      const router = createStaticRouter(handler.dataRoutes, context);

      const client = new QueryClient({ defaultOptions: { queries: { staleTime: Infinity, gcTime: Infinity, retry: false } } });
      const asked = recordQueries(client);
      const draw = () => {
        asked.clear();
        serverTitle.current = null;
        return renderToString(
          <StrictMode>
            <AppProviders client={client}>
              <StaticRouterProvider router={router} context={context} hydrate={false} />
            </AppProviders>
          </StrictMode>,
        );
      };
      let html = draw();
      for (let pass = 0; pass < 3; pass++) {
        const missing = [...asked].filter((query) => query.state.status === 'pending');
        if (missing.length === 0) break;
        await Promise.all(missing.map((query) => client.prefetchQuery({ ...query.options, queryKey: query.queryKey, retry: false })));
        html = draw();
      }
      // a call that failed is the browser's to show (with its retry button), as without this
      if ([...asked].some((query) => query.state.status !== 'success')) return null;

      const state = dehydrate(client, { shouldDehydrateQuery: (query) => asked.has(query) });
      const head = heads.get(id);
      const title = serverTitle.current;
      // replaced by functions: a "$" in a title or in the data is not a replacement pattern
      return shell
        .replace(/<title>[^<]*<\/title>/, (found) => (title ? `<title>${escapeHtml(title)}</title>` : found))
        .replace(appScript, () => head?.scripts ?? '')
        .replace('</head>', () => `${head?.styles ?? ''}</head>`)
        .replace(
          '<div id="root"></div>',
          // JSON inside <script>: only "<" can end the element early
          () => `<div id="root">${html}</div><script type="application/json" id="${SERVER_STATE_ID}">${JSON.stringify(state).replace(/</g, '\\u003c')}</script>`,
        );
    },
  };
};
