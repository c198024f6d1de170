import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../../test/harness';
import { seedCatalog } from './catalog.seed';

/**
 * The answers sent from the content cache (the home data, an item's page) are sent once: the
 * handler that sends them itself tells fastify so, and nothing answers a second time (before,
 * every GET /api/open/web/index logged fastify's "Reply was already sent").
 */
let t: TestContext;
const logged: { level: number; msg: string }[] = [];

beforeAll(async () => {
  t = await createTestContext({ logger: { level: 'warn', stream: { write: (line: string) => void logged.push(JSON.parse(line) as { level: number; msg: string }) } } });
  await seedCatalog(t.db);
});
afterAll(() => t.close());

describe('a cached public answer', () => {
  it('is sent once, with nothing warned, fresh or from the cache, 200 or 304', async () => {
    const rid = JSON.parse((await t.app.inject({ url: '/api/open/web/index' })).body).data.hotItems[0]?.rid as string;
    expect(rid).toBeTruthy();
    for (const url of ['/api/open/web/index', `/api/open/web/device/detail?rid=${rid}`]) {
      const first = await t.app.inject({ url });
      expect(first.statusCode, url).toBe(200);
      expect(JSON.parse(first.body).code, url).toBe(1);
      const again = await t.app.inject({ url });
      expect(again.body, url).toBe(first.body);
      const unchanged = await t.app.inject({ url, headers: { 'if-none-match': String(first.headers.etag) } });
      expect(unchanged.statusCode, url).toBe(304);
    }
    // a warning logged after the answer went out comes at the latest with the next turn of the event loop
    await new Promise((resolve) => setImmediate(resolve));
    expect(logged.map((line) => line.msg)).toEqual([]);
  });
});
