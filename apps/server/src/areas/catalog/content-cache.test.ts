import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ContentPage, DeviceDetail, HomeData } from '@lab/contract';
import { buildApp } from '../../app';
import { loadConfig } from '../../platform/config';
import { statementCounter, type Db } from '../../db/client';
import { call, createTestContext, type TestContext } from '../../../test/harness';
import { tmpRoot } from '../../../test/template';
import { getContentVersion, withContentChange } from '../content/content-version';
import { saveContentPage } from '../content/content.service';
import { seedCatalog } from './catalog.seed';
import { banners } from '../content/content.tables';
import { serviceItems } from './catalog.tables';
import { batchedVersionReader } from './content-cache';
import { setItemPublished } from './catalog.service';

const statements = statementCounter();
let t: TestContext;
let second: Awaited<ReturnType<typeof buildApp>>;
beforeAll(async () => {
  t = await createTestContext({ sqlLogger: statements });
  await seedCatalog(t.db);
  // a second server instance on the same database, as behind a load balancer
  const config = loadConfig({ LOG_LEVEL: 'silent', DATA_DIR: path.join(tmpRoot, 'files'), SEED_DEMO: '0', FILE_HOST: 'https://files.example.cn' });
  second = await buildApp({ db: t.db, config, logger: false, rateLimit: false });
  await second.ready();
});
afterAll(async () => {
  await second.close();
  await t.close();
});

const home = (app = t.app) => call<HomeData>(app, 'GET', '/api/open/web/index');

describe('the home-data cache', () => {
  it('serves the same bytes until the content changes', async () => {
    const a = await t.app.inject({ method: 'GET', url: '/api/open/web/index' });
    const b = await t.app.inject({ method: 'GET', url: '/api/open/web/index' });
    expect(b.body).toBe(a.body);
    expect(b.headers.etag).toBe(a.headers.etag);
  });

  it('is invalidated by a content change, on every instance', async () => {
    expect((await home()).data.bannerArr[0]!.title).toBe('一站式科研检测服务平台');
    expect((await home(second)).data.bannerArr[0]!.title).toBe('一站式科研检测服务平台');
    const before = await getContentVersion(t.db);
    const [first] = await t.db.select().from(banners).orderBy(banners.sort).limit(1);
    await withContentChange(t.db, (tx) => tx.update(banners).set({ title: '新年检测季' }).where(eq(banners.id, first!.id)));
    expect(await getContentVersion(t.db)).toBe(before + 1);
    expect((await home()).data.bannerArr[0]!.title).toBe('新年检测季');
    expect((await home(second)).data.bannerArr[0]!.title).toBe('新年检测季');
  });

  it('is not invalidated by a change that rolls back', async () => {
    const before = await getContentVersion(t.db);
    await expect(
      withContentChange(t.db, async (tx) => {
        await tx.update(banners).set({ title: '不会生效' });
        throw new Error('rolled back');
      }),
    ).rejects.toThrow('rolled back');
    expect(await getContentVersion(t.db)).toBe(before);
    expect((await home()).data.bannerArr.map((b) => b.title)).not.toContain('不会生效');
  });

  it('moves on when a page or setting is edited through its service', async () => {
    const before = await getContentVersion(t.db);
    await saveContentPage(t.db, { key: 'culture', title: '企业文化', content: '<p>严谨<script>x</script></p>' });
    expect(await getContentVersion(t.db)).toBe(before + 1);
    const page = await call<ContentPage>(t.app, 'GET', '/api/open/web/page', { query: { key: 'culture' } });
    expect(page.data.content).toBe('<p>严谨</p>');
  });

  it('shares one version read among concurrent requests and never answers with a read older than the request', async () => {
    const read = batchedVersionReader(t.db);
    const before = await getContentVersion(t.db);
    const versions = await Promise.all([read(), read(), read(), read()]);
    expect(versions).toEqual([before, before, before, before]);
    await withContentChange(t.db, async () => undefined);
    expect(await read()).toBe(before + 1);
  });

  it('keeps one version read in flight: requests that come meanwhile share the next read, begun after they came', async () => {
    const reads: { resolve: (version: number) => void; reject: (error: Error) => void }[] = [];
    // a database whose reads the test answers by hand
    const slow = {
      execute: () => new Promise((resolve, reject) => reads.push({ resolve: (version) => resolve({ rows: [{ version }] }), reject })),
    } as unknown as Db;
    const read = batchedVersionReader(slow);
    const turn = () => new Promise((resolve) => setImmediate(resolve));
    const first = [read(), read()];
    await turn();
    expect(reads).toHaveLength(1);
    const later: Promise<number>[] = [];
    for (let i = 0; i < 5; i += 1) {
      later.push(read());
      await turn();
    }
    expect(reads).toHaveLength(1);
    reads[0]!.resolve(7);
    expect(await Promise.all(first)).toEqual([7, 7]);
    await turn();
    expect(reads).toHaveLength(2);
    reads[1]!.resolve(8);
    expect(await Promise.all(later)).toEqual([8, 8, 8, 8, 8]);
    // a failed read fails the requests that shared it, and the next request reads again
    const failing = read();
    await turn();
    reads[2]!.reject(new Error('connection lost'));
    await expect(failing).rejects.toThrow('connection lost');
    const after = read();
    await turn();
    reads[3]!.resolve(9);
    expect(await after).toBe(9);
  });

  it('puts the configured file host in front of image paths', async () => {
    const data = (await home(second)).data;
    expect(data.bannerArr[0]!.img).toBe('https://files.example.cn/upload/img/banners/banner-1.svg');
    expect(data.partnerArr.every((p) => p.img.startsWith('https://files.example.cn/upload/img/'))).toBe(true);
  });

  it('answers the same detail page from memory, with a 304 for the version the browser holds, and drops it when the item changes', async () => {
    const [item] = await t.db.select({ rid: serviceItems.rid, name: serviceItems.name }).from(serviceItems).where(eq(serviceItems.published, true)).limit(1);
    const url = `/api/open/web/device/detail?rid=${item!.rid}`;
    const first = await t.app.inject({ method: 'GET', url });
    expect(first.statusCode).toBe(200);
    expect((first.json() as { data: DeviceDetail }).data.name).toBe(item!.name);
    const etag = String(first.headers.etag);
    expect(etag).toMatch(/^W\/"detail-\d+"$/);
    expect((await t.app.inject({ method: 'GET', url, headers: { 'if-none-match': etag } })).statusCode).toBe(304);
    // the other instance, on its own cache, agrees once the item is taken down
    expect((await second.inject({ method: 'GET', url })).statusCode).toBe(200);
    await setItemPublished(t.db, item!.rid, false);
    for (const app of [t.app, second]) {
      const gone = await app.inject({ method: 'GET', url, headers: { 'if-none-match': etag } });
      expect(gone.statusCode).toBe(404);
    }
    await setItemPublished(t.db, item!.rid, true);
    const back = await t.app.inject({ method: 'GET', url, headers: { 'if-none-match': etag } });
    expect(back.statusCode).toBe(200);
    expect(back.headers.etag).not.toBe(etag);
  });

  it('does not keep a failed build: an unknown item is asked for again', async () => {
    const url = '/api/open/web/device/detail?rid=nosuchitem000000';
    expect((await t.app.inject({ method: 'GET', url })).statusCode).toBe(404);
    statements.reset();
    expect((await t.app.inject({ method: 'GET', url })).statusCode).toBe(404);
    expect(statements.count).toBeGreaterThan(0);
  });

  it('reads the version once per request burst and nothing else, on both databases, until a change', async () => {
    await t.app.inject({ method: 'GET', url: '/api/open/web/index' });
    statements.reset();
    for (let i = 0; i < 5; i += 1) expect((await t.app.inject({ method: 'GET', url: '/api/open/web/index' })).statusCode).toBe(200);
    expect(statements.count).toBe(5);
    await withContentChange(t.db, (tx) => tx.update(banners).set({ title: '春季检测季' }).where(eq(banners.sort, 0)));
    statements.reset();
    expect((await home()).data.bannerArr[0]!.title).toBe('春季检测季');
    // the version, then the home data's queries, and the version is known again
    expect(statements.count).toBeGreaterThan(1);
    statements.reset();
    await home();
    expect(statements.count).toBe(1);
  });
});
