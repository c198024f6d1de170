import { StrictMode } from 'react';
import { renderToString } from 'react-dom/server';
import { createStaticHandler, createStaticRouter, matchRoutes, StaticRouterProvider } from 'react-router';
import { dehydrate, HydrationBoundary, QueryClient } from '@tanstack/react-query';
import type { BuildManifestChunk, CreateWebRenderer, RenderApiCall, RenderApiAnswer } from '@lab/contract/web-render';
import { BACK_OFFICE_SCREENS, routes } from './app/router';
import { serverAddresses } from './app/server-addresses';
import { AppProviders } from './app/providers';
import { loaderContext } from './app/public-loaders';
import { SERVER_STATE_ID, type ServerState } from './app/server-page';
import { APP_SCRIPT_ID } from './app/app-script';
import { bindTransport } from './lib/query-transport';
import { serverTitle } from './lib/server-title';
import { fullTitle } from './lib/use-document-title';
import { LIST_QUERY_KEYS } from './features/catalog/list-query';
import { NOT_FOUND_TITLE } from './components/not-found';

/**
 * The server's build of the web app (vite build --ssr): draws the public pages — home, the
 * service list and an item's detail — as HTML, with the data they were drawn from, so the
 * browser paints them before any script runs and main.tsx hydrates the same tree. Every other
 * route gets the bare shell as before. The server caches what this returns per content version
 * (apps/server/src/web/web-site.ts), so nothing here may depend on who asks: the calls go out
 * without a token and only public data is drawn.
 *
 * A drawing: the page's route loaders (app/public-loaders.ts) fill a QueryClient of the drawing's
 * own through createStaticHandler().query; its queries are dehydrated and the page is rendered
 * once, inside <HydrationBoundary> with that state, as main.tsx hydrates it.
 */

/** The first script of a page drawn here: it starts the app once the page is painted. */
const START_AFTER_PAINT = 'src/start-after-paint.ts';

/** Placeholder origin for the URLs the page's calls are built on; they never leave the process. */
const SERVER_ORIGIN = 'http://localhost';

/** Vite's SSR template placeholders, in index.html. */
const APP_HEAD = '<!--app-head-->';
const APP_HTML = '<!--app-html-->';
const APP_DATA = '<!--app-data-->';

/** The site's own title in index.html, which a page's title replaces. */
const SHELL_TITLE = `<title>${fullTitle(null)}</title>`;

/**
 * The pages the server draws, by route id (app/router.tsx, where their loaders are), with their
 * modules as the build manifest names them — their scripts and styles — and the query parameters
 * they read. (React itself puts a preload of the first banner, the largest thing on the home
 * page's first screen, at the top of the body: its <img> is eager with a high fetch priority.)
 */
const publicPages: Record<string, { module: string; query: readonly string[] }> = {
  home: { module: 'src/features/catalog/pages/home-page.tsx', query: [] },
  project: { module: 'src/features/catalog/pages/project-list-page.tsx', query: LIST_QUERY_KEYS },
  detail: { module: 'src/features/catalog/pages/detail-page.tsx', query: [] },
  agreement: { module: 'src/features/content/pages/agreement-page.tsx', query: [] },
};

const escapeHtml = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** The page's calls, answered by the server in process. */
function serverFetch(api: (call: RenderApiCall) => Promise<RenderApiAnswer>): typeof fetch {
  return async (input, init) => {
    const url = new URL(input instanceof Request ? input.url : String(input));
    const body = init?.body instanceof URLSearchParams ? init.body.toString() : typeof init?.body === 'string' ? init.body : undefined;
    const answer = await api({ method: init?.method === 'GET' ? 'GET' : 'POST', url: url.pathname + url.search, ...(body ? { body } : {}) });
    return new Response(answer.body, { status: answer.status, headers: { 'content-type': 'application/json; charset=utf-8' } });
  };
}

/**
 * A module's script and style sheets with everything it imports, from the build manifest
 * (Vite's documented build.manifest): the module's own script first (it is the one to import);
 * the style sheets of what it imports before its own, in the order the browser would have added
 * them, so the later rules win as they do there.
 */
function moduleAssets(manifest: Record<string, BuildManifestChunk>, module: string) {
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

/**
 * The HTML around a drawn page, from the built index.html and its placeholders: the head up to
 * <!--app-head-->, then the page's own head, then the rest from </head> with the page's HTML at
 * <!--app-html--> (inside the root element) and its data at <!--app-data--> (after it). What the build added
 * between the two — the bare shell's entry script, its preloads and style sheet — is left out:
 * a drawn page lists all of it itself, from the manifest, and starts the app only once painted.
 */
function pageShell(template: string, manifest: Record<string, BuildManifestChunk>) {
  const head = template.indexOf(APP_HEAD);
  const headEnd = template.indexOf('</head>');
  const entry = manifest['index.html']?.file;
  if (head < 0 || headEnd < head || !template.includes(APP_HTML) || !template.includes(APP_DATA) || !template.includes(SHELL_TITLE)) {
    throw new Error(`index.html has no ${APP_HEAD} in its head, ${APP_HTML}, ${APP_DATA} or ${SHELL_TITLE}`);
  }
  const before = template.slice(0, head);
  const after = template.slice(headEnd);
  // the build puts the shell's scripts after the placeholder, as index.html asks (app-head last in the head)
  if (!entry || before.includes(`/${entry}"`) || after.includes(`/${entry}"`)) throw new Error(`the built index.html names its script (${entry}) outside what ${APP_HEAD} replaces`);
  // replaced by functions: a "$" in a title or in the data is not a replacement pattern
  return (title: string | null, pageHead: string, html: string, data: string) =>
    (title ? before.replace(SHELL_TITLE, () => `<title>${escapeHtml(title)}</title>`) : before) +
    pageHead +
    after.replace(APP_HTML, () => html).replace(APP_DATA, () => data);
}

export const createRenderer: CreateWebRenderer = ({ template, manifest, api }) => {
  const startAfterPaint = manifest[START_AFTER_PAINT]?.file;
  if (!startAfterPaint) throw new Error(`the build has no ${START_AFTER_PAINT}`);
  const shell = pageShell(template, manifest);

  // The page is drawn already: its style sheets go in the head, the app's scripts (the entry,
  // what it imports, the page's chunk) are listed for start-after-paint.ts, which asks for them
  // once the page is painted; nothing else of the app is linked.
  const heads = new Map<string, string>();
  for (const [id, page] of Object.entries(publicPages)) {
    if (!manifest[page.module]) throw new Error(`the build manifest has no ${page.module} (route ${id})`);
    const app = moduleAssets(manifest, 'index.html');
    const own = moduleAssets(manifest, page.module);
    const scripts = [...new Set([...app.scripts, ...own.scripts])].map((file) => `/${file}`);
    const styles = [...new Set([...app.styles, ...own.styles])].map((file) => `<link rel="stylesheet" crossorigin href="/${file}">`);
    const start = `<script type="module" crossorigin src="/${startAfterPaint}" id="${APP_SCRIPT_ID}" data-scripts="${escapeHtml(JSON.stringify(scripts))}"></script>`;
    heads.set(id, styles.join('') + start);
  }

  const handler = createStaticHandler(routes);

  const pageOf = (location: URL) => {
    const id = matchRoutes(routes, location.pathname)?.at(-1)?.route.id;
    const page = id === undefined ? undefined : publicPages[id];
    return id && page ? { id, page } : null;
  };

  // the not-found page has no data to draw: the bare shell with its own title, answered 404
  const notFoundShell = template.replace(SHELL_TITLE, () => `<title>${escapeHtml(fullTitle(NOT_FOUND_TITLE))}</title>`);

  return {
    addresses: serverAddresses(routes, BACK_OFFICE_SCREENS, publicPages),

    notFoundPage(url) {
      // the catch-all route ('*') draws the not-found page; the back office's screens are not in
      // the table until first used, and its layout shows its own not-found screen
      const path = new URL(url, SERVER_ORIGIN).pathname;
      if (path.startsWith(BACK_OFFICE_SCREENS)) return null;
      const leaf = matchRoutes(routes, path)?.at(-1)?.route;
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

      // This drawing's own client, and its calls' transport bound to it (lib/query-transport.ts):
      // the queries' functions find the transport through the client TanStack Query hands them,
      // so nothing module-wide changes and drawings running at once keep their calls apart.
      const loaded = new QueryClient({ defaultOptions: { queries: { staleTime: Infinity, gcTime: Infinity, retry: false } } });
      bindTransport(loaded, { fetch: serverFetch(api), origin: SERVER_ORIGIN });
      const context = await handler.query(new Request(location), { requestContext: loaderContext(loaded) });
      // a redirect, or a loader that threw: the browser's to handle
      if (context instanceof Response || context.errors) return null;
      // a call that failed is the browser's to show (with its retry button), as without this
      if (loaded.getQueryCache().getAll().some((query) => query.state.status !== 'success')) return null;

      const state: ServerState = {
        queries: dehydrate(loaded),
        router: { loaderData: context.loaderData, actionData: context.actionData, errors: context.errors },
      };
      // Drawn from the dehydrated state alone, in a client of its own, exactly as the browser
      // will hydrate it: what the page shows is what it sends. StaticRouterProvider's own
      // hydration script is left out (hydrate={false}): the site's CSP runs no inline script
      // but index.html's; the router's data travels in the JSON block instead.
      const client = new QueryClient({ defaultOptions: { queries: { staleTime: Infinity, gcTime: Infinity, retry: false } } });
      const router = createStaticRouter(handler.dataRoutes, context);
      serverTitle.current = null;
      const html = renderToString(
        <StrictMode>
          <AppProviders client={client}>
            <HydrationBoundary state={state.queries}>
              <StaticRouterProvider router={router} context={context} hydrate={false} />
            </HydrationBoundary>
          </AppProviders>
        </StrictMode>,
      );
      // JSON inside <script>: only "<" can end the element early
      const data = `<script type="application/json" id="${SERVER_STATE_ID}">${JSON.stringify(state).replace(/</g, '\\u003c')}</script>`;
      return shell(serverTitle.current, heads.get(found.id) ?? '', html, data);
    },
  };
};
