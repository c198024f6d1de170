import { count, sql } from 'drizzle-orm';
import type { PricedOption } from '@lab/contract';
import type { Db } from '../../db/client';
import { randomId } from '../../platform/crypto';
import { seedContent, withContentChange } from '../content';
import { backfillSearchTokens, serviceItemValues, type ServiceItemInput } from './catalog.service';
import { serviceChildren, serviceGroups, serviceItems } from './catalog.tables';
import { exampleCaptions, generalFaq, groupFaq, seedGroups, seedItems, type SeedItem } from './seed-items';
import { seedItemDocs } from './seed-item-docs';
import { refreshItemWords } from './item-words';
import { seedSynonyms } from './seed-synonyms';
import { seedMethodsOfItems } from './seed-item-methods';
import { itemMethods } from './methods.tables';

function toOptions(item: SeedItem): PricedOption[] {
  let choiceId = 0;
  return item.options.map(([name, choices], index) => ({
    id: index + 1,
    name,
    choices: choices.map(([label, yuan, slot]) => ({ id: ++choiceId, label, priceFen: yuan * 100, ...(slot ? { slot } : {}) })),
  }));
}

function describe(item: SeedItem): string {
  return (
    `<h3>项目简介</h3><p>${item.intro}</p>` +
    `<h3>可测内容</h3><ul>${item.scope.map((s) => `<li>${s}</li>`).join('')}</ul>` +
    `<h3>仪器与交付</h3><ul><li>仪器/软件：${item.model}</li><li>周期：${item.turnaround}</li><li>交付：原始数据 + 测试报告（PDF），可选中英文</li></ul>`
  );
}

export function seedItemInput(item: SeedItem, index: number): ServiceItemInput {
  const group = seedGroups.find((g) => g.id === item.groupId)!;
  return {
    typeId: group.typeId,
    groupId: item.groupId,
    childId: item.childId,
    name: item.name,
    img: `/upload/img/devices/${item.key}.svg`,
    sketch: item.sketch,
    description: describe(item),
    model: item.model,
    priceFen: item.yuan * 100,
    unit: item.unit,
    options: toOptions(item),
    sampleRequirements: item.requirements,
    ...seedItemDocs[item.name],
    turnaround: item.turnaround,
    faq: [...(groupFaq[item.groupId] ?? []), ...generalFaq],
    examples: [{ img: `/upload/img/results/${item.key}.svg`, caption: exampleCaptions[item.key] }],
    labLocation: item.lab,
    keywords: item.keywords,
    orderCount: item.orders,
    hot: item.hot ?? false,
    reservable: group.typeId === 2,
    sort: index,
  };
}

/**
 * The demo catalogue and content, seeded once: a database that already has service groups
 * is left alone (apart from filling search tokens of rows written before that column). One
 * transaction, one content-version bump (also when another instance seeded first: harmless).
 */
export async function seedCatalog(db: Db): Promise<boolean> {
  const [existing] = await db.select({ n: count() }).from(serviceGroups);
  if ((existing?.n ?? 0) > 0) {
    await backfillSearchTokens(db);
    // a catalogue seeded before the methods metadata existed gets the demo's instruments once
    const [described] = await db.select({ n: count() }).from(itemMethods);
    if ((described?.n ?? 0) === 0) await seedMethodsOfItems(db);
    return false;
  }
  const seeded = await withContentChange(db, async (tx) => {
    // two instances starting together on an empty PostgreSQL: one seeds, the other waits and skips
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext('lab:seed-catalog'))`);
    const [again] = await tx.select({ n: count() }).from(serviceGroups);
    if ((again?.n ?? 0) > 0) return false;
    await tx.insert(serviceGroups).values(
      seedGroups.map((g, i) => ({ id: g.id, typeId: g.typeId, name: g.name, img: `/upload/img/${g.img}.svg`, description: g.description, sort: i })),
    );
    await tx.insert(serviceChildren).values(seedGroups.flatMap((g) => g.children.map(([id, name], i) => ({ id, groupId: g.id, name, sort: i }))));
    const items = seedItems.map((item, i) => ({ rid: randomId(), ...serviceItemValues(seedItemInput(item, i)) }));
    await tx.insert(serviceItems).values(items);
    await refreshItemWords(tx);
    await seedSynonyms(tx);
    await seedMethodsOfItems(tx);
    const ridByName = new Map(items.map((item) => [item.name, item.rid]));
    // the demo content, in the same transaction (content writes its own tables)
    await seedContent(tx, (name) => ridByName.get(name));
    return true;
  });
  if (!seeded) return false;
  // statistics and a visibility map for the planner (PGlite has no autovacuum)
  await db.execute(sql`vacuum analyze service_items`);
  return true;
}
