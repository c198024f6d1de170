import { asc, eq, inArray } from 'drizzle-orm';
import type { PaperMethods } from '@lab/contract';
import type { DbOrTx } from '../db/client';
import { conflict } from '../platform/errors';
import { staffNames } from '../areas/accounts';
import { getSiteSettings } from '../areas/content';
import { findMemberOrder } from '../areas/orders';
import { serviceItems } from '../areas/catalog/catalog.tables';
import { itemMethods } from '../areas/catalog/methods.tables';
import { orderLines } from '../areas/orders/orders.tables';
import { orderConditions } from '../areas/orders/desk/conditions.tables';
import { writePaperMethods, type MethodsLine } from './paper-methods-text';

/**
 * 生成论文方法与致谢 (decisions/0058), a view: the member's delivered order, its lines with the
 * conditions the lab confirmed (or, before that, those ordered: a 草稿), the catalogue's
 * instrument words, the lab's name, and the confirming staff member's name when they consented.
 */
export async function paperMethodsOf(db: DbOrTx, memberId: number, orderNo: string): Promise<PaperMethods> {
  const order = await findMemberOrder(db, memberId, orderNo);
  if (order.progress !== 'delivered' && order.progress !== 'completed') throw conflict('数据交付后才能生成论文方法与致谢');
  const lines = await db.select().from(orderLines).where(eq(orderLines.orderId, order.id)).orderBy(asc(orderLines.sort), asc(orderLines.id));
  const itemIds = [...new Set(lines.map((l) => l.itemId))];
  const [items, described, [confirmed], settings] = await Promise.all([
    itemIds.length ? db.select({ id: serviceItems.id, options: serviceItems.options }).from(serviceItems).where(inArray(serviceItems.id, itemIds)) : [],
    itemIds.length ? db.select().from(itemMethods).where(inArray(itemMethods.itemId, itemIds)) : [],
    db.select().from(orderConditions).where(eq(orderConditions.orderId, order.id)).limit(1),
    getSiteSettings(db),
  ]);
  const optionsOf = new Map(items.map((i) => [i.id, i.options]));
  const methodsOf = new Map(described.map((m) => [m.itemId, m]));
  const credited = confirmed?.creditStaffId ? (await staffNames(db, [confirmed.creditStaffId])).get(confirmed.creditStaffId) ?? '' : '';
  const methodsLines: MethodsLine[] = lines.map((line) => {
    const used = confirmed?.lines[line.rid];
    const itemOptions = optionsOf.get(line.itemId) ?? [];
    const options = used
      ? Object.entries(used.choices).flatMap(([optionId, choiceId]) => {
          const option = itemOptions.find((o) => String(o.id) === optionId);
          const choice = option?.choices.find((c) => c.id === choiceId);
          return option && choice ? [{ optionId: option.id, choiceId, name: option.name, label: choice.label }] : [];
        })
      : line.options.map((o) => ({ optionId: o.optionId, choiceId: o.choiceId, name: o.name, label: o.label }));
    const m = methodsOf.get(line.itemId);
    return { name: line.name, options, noteZh: used?.noteZh ?? '', noteEn: used?.noteEn ?? '', methods: m ? { zh: m.zh, en: m.en, facilityNo: m.facilityNo, phrases: m.phrases } : null };
  });
  return writePaperMethods({
    orderNo: order.orderNo,
    labName: settings.identity.company,
    lines: methodsLines,
    confirmed: confirmed ? { at: confirmed.confirmedAt, creditZh: credited, creditEn: credited ? confirmed.creditNameEn : '' } : null,
  });
}
