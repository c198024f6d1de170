import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import { calls } from '@lab/contract/calls';
import type { Db } from '../../db/client';
import { serve } from '../../platform/calls';
import { addConsultation, countArticleView, getAbilityShowcase, getArticle, getContentPage, listArticles, listThanks } from '../content';
import { listPublicCertificates } from '../content';
import { getSettingValues, getSiteSettings } from '../content';
import { countPublishedItems, getDeviceDetail, listTypeGroups } from './catalog.service';
import { searchDevices } from './catalog-search';
import { buildHomeData } from './home-data';
import { createContentCache, sendCached } from './content-cache';
import { imageRoot } from './image-root';
import { fillFiguresIn, siteFigures } from './site-figures';

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
  search: ({ db, deps, query }) => searchDevices(db, query, deps.config.FILE_HOST),
  detail: async ({ db, deps, query, request, reply, now }) =>
    sendCached(
      request,
      reply,
      await contentCache(db).get(`detail:${query.rid}`, async () => detail.data.parse(fillFiguresIn(await getDeviceDetail(db, query.rid, deps.config.FILE_HOST), await siteFigures(db, now)))),
    ),
});

/**
 * The site's public content (contract/calls/content.ts). Texts that state a figure carry a
 * token (site-figures.ts) filled here from the one count, so no page can say another number.
 */
export const contentRoutes = serve(calls.content, {
  articles: async ({ db, deps, body, now }) => fillFiguresIn(await listArticles(db, body, deps.config.FILE_HOST), await siteFigures(db, now)),
  article: async ({ db, deps, body, now }) => fillFiguresIn(await getArticle(db, body.id, deps.config.FILE_HOST), await siteFigures(db, now)),
  thanks: ({ db, body }) => listThanks(db, body),
  ability: async ({ db, deps, now }) => {
    const figures = await siteFigures(db, now);
    return fillFiguresIn(await getAbilityShowcase(db, deps.config.FILE_HOST, figures, await countPublishedItems(db)), figures);
  },
  certificates: ({ db, deps, now }) => listPublicCertificates(db, deps.config.FILE_HOST, now),
  countView: { handler: ({ db, body }) => countArticleView(db, body.id), config: { rateLimit: { max: 120, timeWindow: 60_000 } } },
  page: async ({ db, query, now }) => fillFiguresIn(await getContentPage(db, query.key), await siteFigures(db, now)),
  settings: ({ db, deps }) => getSiteSettings(db, deps.config.FILE_HOST),
  settingValues: ({ db, body }) => getSettingValues(db, body.keys),
  consult: {
    handler: ({ db, body, request, now }) => addConsultation(db, body, { ip: request.ip, now }),
    config: { rateLimit: { max: 5, timeWindow: 600_000 } },
  },
});
