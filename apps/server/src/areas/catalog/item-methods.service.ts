import { eq } from 'drizzle-orm';
import type { AdminItemMethods, InstrumentWords, ItemMethodsBody, OptionPhrase } from '@lab/contract';
import type { DbOrTx } from '../../db/client';
import { badRequest, notFound } from '../../platform/errors';
import { auditEntity } from '../../platform/audit';
import { serviceItems } from './catalog.tables';
import { itemMethods } from './methods.tables';

/**
 * 仪器信息与条件表述 (decisions/0058): what the member's methods paragraph is written from. One
 * row per item; a phrase must name one of the item's current option values.
 */

async function itemByRid(db: DbOrTx, rid: string) {
  const [item] = await db.select({ id: serviceItems.id, rid: serviceItems.rid, name: serviceItems.name, options: serviceItems.options }).from(serviceItems).where(eq(serviceItems.rid, rid)).limit(1);
  if (!item) throw notFound('服务项目');
  return item;
}

export async function getItemMethods(db: DbOrTx, rid: string): Promise<AdminItemMethods> {
  const item = await itemByRid(db, rid);
  const [row] = await db.select().from(itemMethods).where(eq(itemMethods.itemId, item.id)).limit(1);
  return {
    rid: item.rid,
    name: item.name,
    options: item.options.map((o) => ({ id: o.id, name: o.name, choices: o.choices.map((c) => ({ id: c.id, label: c.label })) })),
    zh: row?.zh ?? null,
    en: row?.en ?? null,
    facilityNo: row?.facilityNo ?? '',
    phrases: row?.phrases ?? [],
    updatedAt: row?.updatedAt.toISOString() ?? null,
  };
}

/** Saves the item's instrument words and phrases; a phrase for a value the item does not offer is refused. */
export async function saveItemMethods(db: DbOrTx, staffId: number, input: ItemMethodsBody, now: Date): Promise<AdminItemMethods> {
  const item = await itemByRid(db, input.rid);
  const offered = new Map(item.options.map((o) => [o.id, new Set(o.choices.map((c) => c.id))]));
  const seen = new Set<string>();
  const phrases: OptionPhrase[] = [];
  for (const p of input.phrases) {
    if (!offered.get(p.optionId)?.has(p.choiceId)) throw badRequest('[选项表述]对应的选项不存在，请刷新后重试');
    const key = `${p.optionId}:${p.choiceId}`;
    if (seen.has(key)) throw badRequest('[选项表述]同一选项值只能有一条表述');
    seen.add(key);
    phrases.push(p);
  }
  const words = (lang: 'zh' | 'en'): InstrumentWords => ({
    test: input[`test_${lang}`] ?? '',
    make: input[`make_${lang}`] ?? '',
    model: input.model,
    manufacturer: input[`manufacturer_${lang}`] ?? '',
    country: input[`country_${lang}`] ?? '',
    software: input[`software_${lang}`] ?? '',
    facility: input[`facility_${lang}`] ?? '',
    conditions: input[`conditions_${lang}`] ?? '',
  });
  const values = { zh: words('zh'), en: words('en'), facilityNo: input.facility_no ?? '', phrases, updatedBy: staffId, updatedAt: now };
  await db
    .insert(itemMethods)
    .values({ itemId: item.id, ...values })
    .onConflictDoUpdate({ target: itemMethods.itemId, set: values });
  return getItemMethods(db, input.rid);
}

/** The audit log's before and after of an item's methods metadata. */
export const itemMethodsAudit = auditEntity<string>('itemMethods', async (db, rid) => {
  const [item] = await db.select({ id: serviceItems.id }).from(serviceItems).where(eq(serviceItems.rid, String(rid))).limit(1);
  if (!item) return null;
  const [row] = await db.select().from(itemMethods).where(eq(itemMethods.itemId, item.id)).limit(1);
  return row ? { rid, zh: row.zh, en: row.en, facilityNo: row.facilityNo, phrases: row.phrases } : null;
});
