import { asc, eq } from 'drizzle-orm';
import type { ConditionsConfirmBody, OrderConditionsView } from '@lab/contract';
import type { Db, DbOrTx } from '../../../db/client';
import { badRequest, conflict } from '../../../platform/errors';
import { staffNames } from '../../accounts';
import { itemsByIds } from '../../catalog';
import { addOrderEvent, findOrderByNo, scannedOrderNo, type OrderRow } from '../order-core';
import { orderLines } from '../orders.tables';
import { orderConditions, type UsedConditions } from './conditions.tables';

/**
 * 测试条件确认 (decisions/0058): a lab member confirms, per order line, the option values
 * actually used (the ordered ones, or what the sample needed instead) and a note in Chinese and
 * English. The member's 论文方法与致谢 is a 草稿 until then. Confirming again replaces the record.
 */

const CONFIRMABLE: OrderRow['progress'][] = ['testing', 'delivered', 'completed'];

const orderedChoices = (options: { optionId: number; choiceId: number }[]) => Object.fromEntries(options.map((o) => [String(o.optionId), o.choiceId]));

async function conditionsView(db: DbOrTx, order: OrderRow): Promise<OrderConditionsView> {
  const lines = await db.select().from(orderLines).where(eq(orderLines.orderId, order.id)).orderBy(asc(orderLines.sort), asc(orderLines.id));
  const items = await itemsByIds(db, lines.map((l) => l.itemId));
  const [row] = await db.select().from(orderConditions).where(eq(orderConditions.orderId, order.id)).limit(1);
  const names = row ? await staffNames(db, [row.confirmedBy]) : new Map<number, string>();
  return {
    orderNo: order.orderNo,
    progress: order.progress,
    lines: lines.map((line) => {
      const used = row?.lines[line.rid];
      const ordered = orderedChoices(line.options);
      return {
        rid: line.rid,
        name: line.name,
        count: line.count,
        unit: line.unit,
        options: (items.get(line.itemId)?.options ?? []).map((o) => ({ id: o.id, name: o.name, choices: o.choices.map((c) => ({ id: c.id, label: c.label })) })),
        ordered,
        used: used?.choices ?? ordered,
        noteZh: used?.noteZh ?? '',
        noteEn: used?.noteEn ?? '',
      };
    }),
    confirmed: row ? { by: names.get(row.confirmedBy) ?? '', at: row.confirmedAt.toISOString(), credited: row.creditStaffId !== null, creditNameEn: row.creditNameEn } : null,
  };
}

export async function getOrderConditions(db: DbOrTx, orderNo: string): Promise<OrderConditionsView> {
  return conditionsView(db, await findOrderByNo(db, scannedOrderNo(orderNo)));
}

/** Confirms the conditions used; every value must be one the line's item offers. */
export async function confirmOrderConditions(db: Db, staff: { id: number; name: string }, input: ConditionsConfirmBody, now: Date): Promise<OrderConditionsView> {
  return db.transaction(async (tx) => {
    const order = await findOrderByNo(tx, scannedOrderNo(input.order_no), { lock: true });
    if (!CONFIRMABLE.includes(order.progress)) throw conflict('订单开始测试后才能确认测试条件');
    const lines = await tx.select().from(orderLines).where(eq(orderLines.orderId, order.id));
    const items = await itemsByIds(tx, lines.map((l) => l.itemId));
    const sent = new Map(input.lines.map((l) => [l.rid, l]));
    if ([...sent.keys()].some((rid) => !lines.some((l) => l.rid === rid))) throw badRequest('[测试条件]中的项目不属于该订单，请刷新后重试');
    const confirmed: Record<string, UsedConditions> = {};
    for (const line of lines) {
      const given = sent.get(line.rid);
      const options = items.get(line.itemId)?.options ?? [];
      const choices = given ? given.choices : orderedChoices(line.options);
      for (const [optionId, choiceId] of Object.entries(choices)) {
        const option = options.find((o) => String(o.id) === optionId);
        if (!option?.choices.some((c) => c.id === choiceId)) throw badRequest(`[测试条件]「${line.name}」的选项不存在，请刷新后重试`);
      }
      confirmed[line.rid] = { choices, noteZh: given?.noteZh ?? '', noteEn: given?.noteEn ?? '' };
    }
    const values = {
      lines: confirmed,
      confirmedBy: staff.id,
      confirmedAt: now,
      creditStaffId: input.credit_me ? staff.id : null,
      creditNameEn: input.credit_me ? (input.credit_name_en ?? '') : '',
    };
    await tx
      .insert(orderConditions)
      .values({ orderId: order.id, ...values })
      .onConflictDoUpdate({ target: orderConditions.orderId, set: values });
    await addOrderEvent(tx, order.id, { status: 'note', title: '实验室已确认测试条件', note: '论文方法与致谢已可生成正式版本', actor: { kind: 'staff', id: staff.id, name: staff.name }, now });
    return conditionsView(tx, order);
  });
}
