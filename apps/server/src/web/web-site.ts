import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { BuildManifestChunk, CreateWebRenderer, RenderApiCall, WebRenderer } from '@lab/contract/web-render';
import type { Config } from '../platform/config';
import type { Db } from '../db/client';
import { fail } from '../platform/envelope';
import { createPageCache, encodePage, sendPage } from './page-cache';

/** The built web app (apps/web/dist), read once at start-up. */
export interface WebSite {
  dist: string;
  /** the built index.html: the shell every route starts from */
  template: string;
  /** CSP sources of index.html's inline scripts ('sha256-…'), so they may run and nothing else inline */
  scriptHashes: string[];
}

export function readWebSite(config: Config): WebSite | null {
  const dist = config.WEB_DIST ? path.resolve(config.WEB_DIST) : null;
  if (!dist || !fs.existsSync(path.join(dist, 'index.html'))) return null;
  const template = fs.readFileSync(path.join(dist, 'index.html'), 'utf8');
  // inline scripts that run: no src, and not a JSON data block
  const inline = [...template.matchAll(/<script(?![^>]*\bsrc=)(?![^>]*type="application\/json")[^>]*>([\s\S]*?)<\/script>/g)];
  const scriptHashes = inline.map((match) => `'sha256-${createHash('sha256').update(match[1] ?? '').digest('base64')}'`);
  return { dist, template, scriptHashes };
}

/**
 * The web's server build (config.WEB_SSR, apps/web/dist-ssr/entry-server.js), which draws the
 * public pages; null without one, and every route gets the bare shell as before. Its calls are
 * answered in process with nothing from the visitor's request: no token, no cookie.
 */
async function loadRenderer(app: FastifyInstance, site: WebSite, config: Config): Promise<WebRenderer | null> {
  if (!config.WEB_SSR) return null;
  const entry = path.resolve(config.WEB_SSR);
  const manifestFile = path.join(site.dist, '.vite/manifest.json');
  if (!fs.existsSync(entry) || !fs.existsSync(manifestFile)) {
    app.log.warn({ entry }, 'no server build of the web app: pages are sent as the bare shell');
    return null;
  }
  try {
    const { createRenderer } = (await import(pathToFileURL(entry).href)) as { createRenderer: CreateWebRenderer };
    const manifest = JSON.parse(fs.readFileSync(manifestFile, 'utf8')) as Record<string, BuildManifestChunk>;
    const api = async (call: RenderApiCall) => {
      const answer = await app.inject({
        method: call.method,
        url: call.url,
        ...(call.body === undefined ? {} : { payload: call.body, headers: { 'content-type': 'application/x-www-form-urlencoded' } }),
      });
      return { status: answer.statusCode, body: answer.body };
    };
    return createRenderer({ template: site.template, manifest, api });
  } catch (error) {
    app.log.error({ err: error, entry }, 'the server build of the web app did not load: pages are sent as the bare shell');
    return null;
  }
}

/**
 * The built site: hashed assets and files from dist, and every address of the web app as a
 * route of its own (the renderer's `addresses`, walked from the app's router): the public pages
 * the server draws (home, service list, item detail, agreements) from the page cache, the rest
 * (a member's pages, the back office's `/admin/*`) as the bare shell, so a reload or a deep link
 * loads the app. An address no route knows gets the app's not-found page with status 404
 * (docs/decisions/0038-pages-as-routes.md). Without the web's server build the server cannot
 * tell the app's addresses apart: every GET gets the shell, as before.
 */
export async function serveWeb(app: FastifyInstance, site: WebSite | null, deps: { db: Db; config: Config }) {
  const renderer = site ? await loadRenderer(app, site, deps.config) : null;
  // a page kept three ways (plain, br, gzip) is ~60–100 KB: the home page, the lists and 500 items' pages ≈ 40 MB
  const pages = renderer ? createPageCache(deps.db, (url) => renderer.render(url), { maxEntries: 500 }) : null;
  // the shell, kept like a drawn page: from memory in the browser's encoding, with its tag (304)
  const shellPage = site ? await encodePage(site.template) : null;
  const shell = (request: FastifyRequest, reply: FastifyReply) => sendPage(request, reply, shellPage!);

  /** A page the server draws, from the cache; the shell if it could not be drawn (the browser draws it then). */
  const drawn = async (request: FastifyRequest, reply: FastifyReply, pageUrl: string) => {
    try {
      const page = await pages!(pageUrl);
      if (page) return sendPage(request, reply, page);
    } catch (error) {
      request.log.error({ err: error }, 'drawing the page on the server failed');
    }
    return shell(request, reply);
  };

  // The site in a context of its own, beside the API's (buildApp): a page or a file runs what
  // every answer needs (security headers, request id, metrics) and none of the API's body
  // checks, guard or consent gate.
  await app.register(async (web) => {
    if (site) {
      await web.register(fastifyStatic, {
        root: site.dist,
        wildcard: false,
        index: false,
        maxAge: '1y',
        immutable: true,
        // the web build writes .br and .gz beside each file (apps/web/precompress.ts)
        preCompressed: true,
        setHeaders: (res, filePath) => {
          // the shell names this build's scripts: asked again each time (a 304 while unchanged)
          if (path.basename(filePath).startsWith('index.html')) res.header('cache-control', 'no-cache');
          else if (!filePath.includes(`${path.sep}assets${path.sep}`)) res.header('cache-control', 'public, max-age=300');
        },
      });
    }
    // the privacy policy used to be a static page (/policy): old links lead to the published one
    web.get('/policy', (_request, reply) => reply.redirect('/agreement/privacy', 301));
    for (const address of renderer?.addresses ?? []) {
      const query = address.page?.query;
      try {
        web.get(address.path, query ? (request, reply) => drawn(request, reply, pageKey(request.url, query, request.query as Record<string, unknown>)) : shell);
      } catch (error) {
        // one the router cannot take (a second of the same shape): the not-found handler still answers it as the app would
        app.log.error({ err: error, address: address.path }, 'an address of the web app is not a route of the server');
      }
    }
  });

  app.setNotFoundHandler(async (request, reply) => {
    // a script of another build is missing, not a page: the page would be sent as a script
    if (request.url.startsWith('/api/') || request.url.startsWith('/assets/') || !site || (request.method !== 'GET' && request.method !== 'HEAD')) {
      return reply.status(404).send(fail('请求的内容不存在'));
    }
    // an address the app has no page for: its not-found page, with the status that says so
    const missing = renderer?.notFoundPage(request.url);
    if (missing) return reply.status(404).header('cache-control', 'no-cache').type('text/html; charset=utf-8').send(missing);
    // what the routes above do not spell as the app's router would (a trailing slash, another
    // case), or any address when there is no server build to tell: as the app would
    const pageUrl = renderer?.pageUrl(request.url);
    if (pages && pageUrl) return drawn(request, reply, pageUrl);
    return shell(request, reply);
  });
}

/**
 * The address a drawn page is kept under: its path and only the query parameters the page reads,
 * in its order (as the renderer's pageUrl), so '/?from=singlemessage' is '/'. No route matching:
 * the server's router has matched already.
 */
function pageKey(url: string, keys: readonly string[], query: Record<string, unknown>): string {
  const mark = url.indexOf('?');
  const path = mark < 0 ? url : url.slice(0, mark);
  if (mark < 0 || keys.length === 0) return path;
  const kept = new URLSearchParams();
  for (const key of keys) {
    const given = query[key];
    const value = Array.isArray(given) ? given[0] : given;
    if (typeof value === 'string') kept.set(key, value);
  }
  const search = kept.toString();
  return search ? `${path}?${search}` : path;
}
