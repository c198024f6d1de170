import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import { calls } from '@lab/contract/calls';
import type { Db } from '../../db/client';
import { serve } from '../../platform/calls';
import { fillFiguresIn } from '../content';
import { getDeviceDetail, listTypeGroups } from './catalog.service';
import { searchDevices } from './catalog-search';
import { suggest } from './search-suggest';
import { buildHomeData } from './home-data';
import { createContentCache, sendCached } from './content-cache';
import { imageRoot } from './image-root';
import { siteFigures } from './site-figures';

/** The committed pictures of the catalogue and the content, under /upload/img/. */
export async function serveCatalogImages(app: FastifyInstance) {
  await app.register(fastifyStatic, {
    root: imageRoot,
    prefix: '/upload/img/',
    decorateReply: false,
    index: false,
    // a picture is never changed under its name (a new one is uploaded under a new name): a
    // year, as Lighthouse asks of static files (docs/performance.md)
    maxAge: '365d',
    immutable: true,
  });
}

// the home data and the detail pages: one item's page is ~4 KB, so 2,000 of them ~8 MB; one
// cache per database (an app), made on its first request
const caches = new WeakMap<Db, ReturnType<typeof createContentCache>>();
function contentCache(db: Db) {
  let cache = caches.get(db);
  if (!cache) caches.set(db, (cache = createContentCache(db, { maxEntries: 2_000 })));
  return cache;
}

const { home, detail } = calls.catalog;

/**
 * The public catalogue (contract/calls/catalog.ts). The home data and an item's page are sent
 * from the content cache with their ETag (304 when unchanged); what is cached is parsed by the
 * call's answer schema first, so it holds the fields the schema names, as every other answer.
 */
export const catalogRoutes = serve(calls.catalog, {
  home: async ({ db, deps, request, reply, now }) =>
    sendCached(
      request,
      reply,
      await contentCache(db).get('home', async () => home.data.parse(fillFiguresIn(await buildHomeData(db, deps.config.FILE_HOST), await siteFigures(db, now)))),
    ),
  typeGroups: ({ db, deps, query }) => listTypeGroups(db, query.typeId, deps.config.FILE_HOST),
  search: ({ db, deps, query, now }) => searchDevices(db, query, deps.config.FILE_HOST, now),
  suggest: ({ db, query }) => suggest(db, query.q),
  detail: async ({ db, deps, query, request, reply, now }) =>
    sendCached(
      request,
      reply,
      await contentCache(db).get(`detail:${query.rid}`, async () => detail.data.parse(fillFiguresIn(await getDeviceDetail(db, query.rid, deps.config.FILE_HOST), await siteFigures(db, now)))),
    ),
});

