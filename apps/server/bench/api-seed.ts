/**
 * The API bench's catalogue (the demo items again and again, BENCH_ITEMS of them); its orders
 * come from test/bulk-orders.ts.
 */
import { sql } from 'drizzle-orm';
import type { Db } from '../src/db/client';
import { seedCatalog, seedItemInput } from '../src/areas/catalog/catalog.seed';
import { createServiceItems, type ServiceItemInput } from '../src/areas/catalog/catalog.service';
import { seedItems } from '../src/areas/catalog/seed-items';

const sites = ['上海徐汇', '苏州园区', '南京江北', '杭州滨江', '合肥高新', '武汉光谷', '成都天府', '西安高新', '广州黄埔', '深圳南山'];

/** `count` service items: the demo catalogue's items again and again, at other sites. */
export function manyItems(count: number): ServiceItemInput[] {
  const out: ServiceItemInput[] = [];
  for (let i = 0; out.length < count; i += 1) {
    const base = seedItems[i % seedItems.length]!;
    const site = sites[Math.floor(i / seedItems.length) % sites.length]!;
    const input = seedItemInput(base, i);
    out.push({ ...input, name: `${base.name} · ${site}平台 ${Math.floor(i / seedItems.length)}`, orderCount: (i * 7919) % 20_000, sketch: `${base.sketch}（${site}）` });
  }
  return out;
}

/** The demo catalogue and content, grown to `total` items, vacuumed and analysed. */
export async function seedBigCatalog(db: Db, total: number) {
  await seedCatalog(db);
  if (total > seedItems.length) await createServiceItems(db, manyItems(total - seedItems.length));
  await db.execute(sql`vacuum analyze service_items`);
}

/** Statistics and visibility maps as autovacuum would leave them on PostgreSQL. */
export async function analyseOrders(db: Db) {
  for (const table of ['members', 'orders', 'order_lines', 'accounts', 'ledger_entries', 'auth_sessions']) {
    await db.execute(sql.raw(`vacuum analyze ${table}`));
  }
}
