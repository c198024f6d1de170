import { count } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../../test/harness';
import { seedCatalog } from './catalog.seed';
import { serviceItems } from './catalog.tables';
import { seedItems } from './seed-items';

let t: TestContext;
beforeAll(async () => {
  t = await createTestContext();
});
afterAll(() => t.close());

it('seeds once when two starts race on an empty database', async () => {
  const results = await Promise.all([seedCatalog(t.db), seedCatalog(t.db)]);
  expect(results.filter(Boolean)).toHaveLength(1);
  const [row] = await t.db.select({ n: count() }).from(serviceItems);
  expect(row!.n).toBe(seedItems.length);
});
