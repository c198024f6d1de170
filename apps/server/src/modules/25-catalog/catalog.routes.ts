import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  articleDetailBody,
  articleListBody,
  contentPageQuery,
  deviceDetailQuery,
  deviceSearchQuery,
  indexMessageBody,
  settingListBody,
  syncNumBody,
  thanksListBody,
  typeGroupQuery,
} from '@lab/contract';
import type { AppDeps } from '../../platform/deps';
import { ok } from '../../platform/envelope';
import { addConsultation, countArticleView, getAbilityShowcase, getArticle, getContentPage, listArticles, listThanks } from '../20-content/content.service';
import { getSettingValues, getSiteSettings } from '../20-content/settings.service';
import { buildHomeData, getDeviceDetail, listTypeGroups, searchDevices } from './catalog.service';
import { createContentCache, sendCached } from './content-cache';
import { imageRoot } from './image-root';


export async function catalogRoutes(app: FastifyInstance, deps: AppDeps) {
  const { db, clock, config } = deps;
  const fileHost = config.FILE_HOST;
  const r = app.withTypeProvider<ZodTypeProvider>();
  // the home data and the detail pages: one item's page is ~4 KB, so 2,000 of them ~8 MB
  const cache = createContentCache(db, { maxEntries: 2_000 });

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

  r.get('/api/open/web/index', async (request, reply) =>
    sendCached(request, reply, await cache.get('home', () => buildHomeData(db, fileHost))),
  );

  r.get('/api/open/web/type/group', { schema: { querystring: typeGroupQuery } }, async (request) =>
    ok(await listTypeGroups(db, request.query.typeId, fileHost)),
  );

  r.get('/api/open/web/device/search', { schema: { querystring: deviceSearchQuery } }, async (request) =>
    ok(await searchDevices(db, request.query, fileHost)),
  );

  r.get('/api/open/web/device/detail', { schema: { querystring: deviceDetailQuery } }, async (request, reply) => {
    const { rid } = request.query;
    return sendCached(request, reply, await cache.get(`detail:${rid}`, () => getDeviceDetail(db, rid, fileHost)));
  });

  r.post('/api/open/web/news/list4index', { schema: { body: articleListBody } }, async (request) =>
    ok(await listArticles(db, request.body, fileHost)),
  );

  r.post('/api/open/news/detail', { schema: { body: articleDetailBody } }, async (request) => ok(await getArticle(db, request.body.id, fileHost)));

  r.post('/api/open/web/acknowledge/list4index', { schema: { body: thanksListBody } }, async (request) => ok(await listThanks(db, request.body)));

  r.post('/api/open/ability/index', async () => ok(await getAbilityShowcase(db, fileHost)));

  r.post('/api/open/ability/sync4num', { schema: { body: syncNumBody }, config: { rateLimit: { max: 120, timeWindow: 60_000 } } }, async (request) =>
    ok(await countArticleView(db, request.body.id)),
  );

  r.get('/api/open/web/page', { schema: { querystring: contentPageQuery } }, async (request) => ok(await getContentPage(db, request.query.key)));

  r.post('/api/open/setting', async () => ok(await getSiteSettings(db)));

  r.post('/api/open/setting/list4key', { schema: { body: settingListBody } }, async (request) => ok(await getSettingValues(db, request.body.keys)));

  r.post(
    '/api/open/indexMsg/add',
    { schema: { body: indexMessageBody }, config: { rateLimit: { max: 5, timeWindow: 600_000 } } },
    async (request) => ok(await addConsultation(db, request.body, { ip: request.ip, now: clock.now() }), '提交成功，我们会尽快与您联系'),
  );
}
