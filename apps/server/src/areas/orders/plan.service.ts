import { and, asc, count, eq, inArray, sql } from 'drizzle-orm';
import {
  PLAN_FIRST_GROUP_ID,
  PLAN_MAX_LINES,
  SAMPLE_COUNT_MAX,
  SLOT_TAKEN_MESSAGE,
  type Plan,
  type PlanAddBody,
  type PlanAddReservationBody,
  type PlanGroup,
  type PlanLine,
  type PlanOperateBody,
} from '@lab/contract';
import type { Db, DbOrTx } from '../../db/client';
import { randomId } from '../../platform/crypto';
import { AppError, badRequest, notFound } from '../../platform/errors';
import { groupNames as catalogGroupNames } from '../catalog';
import { planLines, reservations } from './orders.tables';
import { reservationSlots } from './reservations/reservations.tables';
import { bookingChoices, choiceKey, itemsByIds, itemsByRids, priceLine, tryPriceLine, type PricedItem } from './pricing';
import { liveBooking, normalizeHours, reservationDayProblem } from './reservation-core';

/**
 * 实验计划 (the cart). Lines point at the catalogue and are priced again on every read
 * (pricing.ts), so a price is never stored or taken from a client. The same item with the
 * same options merges into one line (the partial unique index plan_lines_merge_idx);
 * on-site lines carry a wished day and hours and never merge.
 */
export type PlanLineRow = typeof planLines.$inferSelect;

export const PLAN_LINE_MISSING_MESSAGE = '实验计划中没有该项目';
export const PLAN_FULL_MESSAGE = `实验计划最多${PLAN_MAX_LINES}个项目，请先下单或移除部分项目`;
export const ITEM_WITHDRAWN_MESSAGE = '该项目已下架，不能加入实验计划';

export const planLineMissing = () => new AppError('NOT_FOUND', PLAN_LINE_MISSING_MESSAGE);

/** Whether an item can be booked on site (instrument time): reservable items, service type 2. */
export const isReservableItem = (item: Pick<PricedItem, 'reservable' | 'typeId'>) => item.reservable || item.typeId === 2;

export async function countPlanLines(db: DbOrTx, memberId: number): Promise<number> {
  const [row] = await db.select({ n: count() }).from(planLines).where(eq(planLines.memberId, memberId));
  return row?.n ?? 0;
}

/** The item a plan line may point at: it exists and is published (404 / 409 otherwise). */
export function usableItem(item: PricedItem | undefined): PricedItem {
  if (!item) throw notFound('项目');
  if (!item.published) throw new AppError('ITEM_WITHDRAWN', ITEM_WITHDRAWN_MESSAGE, { status: 409 });
  return item;
}

async function assertRoom(tx: DbOrTx, memberId: number): Promise<void> {
  if ((await countPlanLines(tx, memberId)) >= PLAN_MAX_LINES) throw new AppError('PLAN_FULL', PLAN_FULL_MESSAGE, { status: 409 });
}

/**
 * Adds a test line to the member's plan, or merges it into the line of the same item and
 * options (counts add up, capped at SAMPLE_COUNT_MAX; a new note replaces the old one).
 * The choices are checked against the item's options (priceLine). Used by tempDevice/add,
 * by demand/accept (a quote becoming plan lines) and by the sample sheet's import, which sets
 * the count (`setCount`: the line holds the sheet's samples, not what it held plus them).
 */
export async function addLineToPlan(
  tx: DbOrTx,
  memberId: number,
  input: { itemId: number; choices: Record<string, number>; count: number; note: string; setCount?: boolean },
  now: Date,
): Promise<PlanLineRow> {
  const item = usableItem((await itemsByIds(tx, [input.itemId])).get(input.itemId));
  priceLine(item, input.choices, input.count);
  const key = choiceKey(input.choices);
  const [existing] = await tx
    .select({ id: planLines.id })
    .from(planLines)
    .where(and(eq(planLines.memberId, memberId), eq(planLines.itemId, item.id), eq(planLines.choiceKey, key), sql`${planLines.reservationDate} IS NULL`))
    .limit(1);
  if (!existing) await assertRoom(tx, memberId);
  const [row] = await tx
    .insert(planLines)
    .values({
      rid: randomId(),
      memberId,
      itemId: item.id,
      count: Math.min(input.count, SAMPLE_COUNT_MAX),
      choices: normalizeChoices(input.choices),
      choiceKey: key,
      note: input.note,
      createdAt: now,
      updatedAt: now,
    })
    .onConflictDoUpdate({
      target: [planLines.memberId, planLines.itemId, planLines.choiceKey],
      targetWhere: sql`reservation_date IS NULL`,
      set: {
        count: input.setCount ? sql`excluded.count` : sql`LEAST(${planLines.count} + excluded.count, ${SAMPLE_COUNT_MAX})`,
        note: sql`CASE WHEN excluded.note <> '' THEN excluded.note ELSE ${planLines.note} END`,
        updatedAt: now,
      },
    })
    .returning();
  return row!;
}

const normalizeChoices = (choices: Record<string, number>) => Object.fromEntries(Object.entries(choices).map(([k, v]) => [String(Number(k)), v]));

/** tempDevice/add */
export async function addToPlan(db: Db, memberId: number, input: PlanAddBody, now: Date): Promise<Plan> {
  const item = usableItem((await itemsByRids(db, [input.rid])).get(input.rid));
  if (isReservableItem(item)) throw new AppError('RESERVATION_REQUIRED', '该项目需选择预约日期和时段', { status: 400 });
  // answered from the transaction: never a read after the commit (issue 28, fault 12)
  return db.transaction(async (tx) => {
    await addLineToPlan(tx, memberId, { itemId: item.id, choices: input.options, count: input.count, note: input.note ?? '' }, now);
    return getPlan(tx, memberId);
  });
}

/** The hours of an instrument on a day that a live booking already holds. */
export async function takenHours(db: DbOrTx, itemId: number, day: string, hours: number[], now: Date): Promise<number[]> {
  if (hours.length === 0) return [];
  const rows = await db
    .select({ hour: reservationSlots.hour })
    .from(reservationSlots)
    .innerJoin(reservations, eq(reservations.id, reservationSlots.reservationId))
    .where(and(eq(reservationSlots.itemId, itemId), eq(reservationSlots.day, day), inArray(reservationSlots.hour, hours), eq(reservationSlots.active, true), liveBooking(now)));
  return rows.map((r) => r.hour);
}

/**
 * tempDevice/addForReservation: an on-site instrument with the wished day and hours (count =
 * hours). The hours are booked when the order is placed; here they must be a valid day,
 * consecutive open hours, free now and not already wished in this plan.
 */
export async function addReservationToPlan(db: Db, memberId: number, input: PlanAddReservationBody, now: Date): Promise<Plan> {
  const item = usableItem((await itemsByRids(db, [input.rid])).get(input.rid));
  if (!isReservableItem(item)) throw new AppError('NOT_RESERVABLE', '该项目不支持上门预约', { status: 400 });
  const problem = reservationDayProblem(input.date, now);
  if (problem) throw new AppError('RESERVATION_DAY', problem);
  const hours = normalizeHours(input.hours);
  // a slot-priced option follows the day, not the member's pick (a Saturday carries the weekend surcharge)
  const choices = bookingChoices(item, normalizeChoices(input.options), input.date);
  priceLine(item, choices, hours.length);
  if ((await takenHours(db, item.id, input.date, hours, now)).length > 0) throw new AppError('SLOT_TAKEN', SLOT_TAKEN_MESSAGE, { status: 409 });
  // answered from the transaction: never a read after the commit (issue 28, fault 12)
  return db.transaction(async (tx) => {
    const wished = await tx
      .select({ hours: planLines.reservationHours })
      .from(planLines)
      .where(and(eq(planLines.memberId, memberId), eq(planLines.itemId, item.id), eq(planLines.reservationDate, input.date)));
    if (wished.some((line) => (line.hours ?? []).some((h) => hours.includes(h)))) {
      throw new AppError('SLOT_IN_PLAN', '实验计划中已有该项目同一时段的预约', { status: 409 });
    }
    await assertRoom(tx, memberId);
    await tx.insert(planLines).values({
      rid: randomId(),
      memberId,
      itemId: item.id,
      count: hours.length,
      choices,
      choiceKey: choiceKey(choices),
      note: input.note ?? '',
      reservationDate: input.date,
      reservationHours: hours,
      createdAt: now,
      updatedAt: now,
    });
    return getPlan(tx, memberId);
  });
}

/** tempDevice/operate: count | note of one line, remove lines, clear the plan. */
export async function operatePlan(db: Db, memberId: number, input: PlanOperateBody, now: Date): Promise<Plan> {
  const mine = (ids: string[]) => and(eq(planLines.memberId, memberId), inArray(planLines.rid, ids));
  switch (input.action) {
    case 'count':
    case 'note': {
      if (input.ids.length !== 1) throw badRequest('请选择一个项目');
      const [line] = await db.select().from(planLines).where(mine(input.ids)).limit(1);
      if (!line) throw planLineMissing();
      if (input.action === 'count') {
        if (input.count === undefined) throw badRequest('[样品数量]不能为空');
        if (line.reservationDate !== null) throw badRequest('预约项目的时长由所选时段决定，请删除后重新预约');
        await db.update(planLines).set({ count: input.count, updatedAt: now }).where(eq(planLines.id, line.id));
      } else {
        await db.update(planLines).set({ note: input.note ?? '', updatedAt: now }).where(eq(planLines.id, line.id));
      }
      break;
    }
    case 'remove': {
      if (input.ids.length === 0) throw badRequest('请选择要移除的项目');
      const removed = await db.delete(planLines).where(mine(input.ids)).returning({ id: planLines.id });
      if (removed.length === 0) throw planLineMissing();
      break;
    }
    case 'clear':
      await db.delete(planLines).where(eq(planLines.memberId, memberId));
      break;
  }
  return getPlan(db, memberId);
}

/** One line priced now; an item withdrawn or whose options changed is shown but not available. */
export function toPlanLine(line: PlanLineRow, item: PricedItem): PlanLine {
  const price = tryPriceLine(item, line.reservationDate !== null ? bookingChoices(item, line.choices, line.reservationDate) : line.choices, line.count);
  return {
    id: line.rid,
    rid: item.rid,
    name: item.name,
    img: item.img,
    model: item.model,
    typeId: item.typeId,
    groupId: item.groupId,
    unit: item.unit,
    count: line.count,
    options: price?.options ?? [],
    unitPriceFen: price?.unitPriceFen ?? item.priceFen,
    amountFen: price?.amountFen ?? item.priceFen * line.count,
    note: line.note,
    reservation: line.reservationDate !== null ? { date: line.reservationDate, hours: line.reservationHours ?? [] } : null,
    available: item.published && price !== null,
  };
}

/** Group 31 first, the rest by ascending id (the spec). */
export const compareGroupIds = (a: number, b: number) => (a === PLAN_FIRST_GROUP_ID ? -1 : b === PLAN_FIRST_GROUP_ID ? 1 : a - b);

/** tempDevice/list */
export async function getPlan(db: DbOrTx, memberId: number): Promise<Plan> {
  const lines = await db.select().from(planLines).where(eq(planLines.memberId, memberId)).orderBy(asc(planLines.id));
  const items = await itemsByIds(
    db,
    lines.map((l) => l.itemId),
  );
  const groupNames = await catalogGroupNames(
    db,
    [...items.values()].map((i) => i.groupId),
  );
  const groups = new Map<number, PlanGroup>();
  let totalFen = 0;
  for (const line of lines) {
    const item = items.get(line.itemId);
    if (!item) continue;
    const planLine = toPlanLine(line, item);
    if (planLine.available) totalFen += planLine.amountFen;
    let group = groups.get(item.groupId);
    if (!group) {
      group = { type_id: item.groupId, name: groupNames.get(item.groupId) ?? '', items: [] };
      groups.set(item.groupId, group);
    }
    group.items.push(planLine);
  }
  const dataArr = [...groups.values()].sort((a, b) => compareGroupIds(a.type_id, b.type_id));
  return { dataArr, count: lines.length, totalFen };
}
