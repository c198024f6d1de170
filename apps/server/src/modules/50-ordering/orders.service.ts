import { and, asc, count, countDistinct, desc, eq, fillPlaceholders, gte, ilike, inArray, lt, max, ne, or, sql, sum, type Placeholder, type SQL } from 'drizzle-orm';
import {
  MEMBER_CANCELLABLE,
  addDays,
  progressLabels,
  samplingStatusLabels,
  type OrderAddBody,
  type OrderDetail,
  type OrderLine,
  type OrderListBody,
  type OrderPage,
  type OrderSample,
  type OrderedItem,
  type Page,
  type ReportFile,
} from '@lab/contract';
import type { FastifyBaseLogger } from 'fastify';
import { preparedQuery, type Db, type DbOrTx, type Tx } from '../../db/client';
import { randomId } from '../../platform/crypto';
import { AppError, badRequest, notFound } from '../../platform/errors';
import { members } from '../../db/tables/accounts.tables';
import { getMember } from '../10-accounts/accounts.service';
import { isUniqueViolation } from '../../db/errors';
import { serviceItems } from '../../db/tables/catalog.tables';
import { getSiteSettings } from '../20-content/settings.service';
import { couponTemplates, invoiceTitles, memberCoupons } from '../../db/tables/funds.tables';
import { countAddresses } from '../40-member/addresses.service';
import { communities, samplings } from '../../db/tables/member.tables';
import { addSampling } from '../40-member/sampling.service';
import { postMessage, sendNotice, type NoticeChannels } from '../15-messages/messages.service';
import { cancelOrder } from './cancel-core';
import { addOrderEvent, findMemberOrder, newOrderNo, summaryColumns, toOrderEvent, toOrderSummary, type OrderRow } from './order-core';
import { contracts, orderEvents, orderFiles, orderLines, orders, planLines, reservations } from '../../db/tables/orders.tables';
import { planLineMissing } from './plan.service';
import { loadItemsByIds, priceLine } from './pricing';
import { holdForBooking } from './holds.service';
import { bookSlots, reservationStatusAt } from './reservation-core';

/**
 * Orders from the member's side: placing one from plan lines (order/add), its detail, the
 * lists and the member's cancel. Prices are read from the catalogue when the order is
 * placed and copied onto its lines; a price a client sends is never read.
 */
export const NO_ADDRESS_MESSAGE = '请先完善基本信息（收货地址）后再下单';
export const DEFAULT_LAB_ADDRESS = '上海市徐汇区桂平路 680 号 科研检测中心 3 号楼 1 楼样品室';
const TITLE_MAX = 200;

const memberName = (m: { name: string | null; nickname: string }) => m.name || m.nickname;

/** The order's title for lists: the lines' names, joined and cut to a length. */
export function orderTitle(names: string[]): string {
  const title = [...new Set(names)].join('、');
  return title.length > TITLE_MAX ? `${title.slice(0, TITLE_MAX - 1)}…` : title;
}

/** The lab code of a sample: <order no>-<line #>-<n>, both from 1. */
export const sampleCode = (orderNo: string, line: number, n: number) => `${orderNo}-${line}-${n}`;

interface PreparedLine {
  planLineId: number;
  itemId: number;
  name: string;
  img: string;
  typeId: number;
  groupId: number;
  unit: string;
  count: number;
  options: OrderLine['options'];
  unitPriceFen: number;
  amountFen: number;
  note: string;
  samples: OrderSample[];
  reservation: { day: string; hours: number[] } | null;
}

/** Reads the member's plan lines named in the body (locked) and prices them from the catalogue. */
async function prepareLines(tx: Tx, memberId: number, input: OrderAddBody['lines']): Promise<PreparedLine[]> {
  const ids = input.map((l) => l.id);
  if (new Set(ids).size !== ids.length) throw badRequest('同一项目不能重复提交');
  const rows = await tx
    .select()
    .from(planLines)
    .where(and(eq(planLines.memberId, memberId), inArray(planLines.rid, ids)))
    .for('update');
  const byRid = new Map(rows.map((r) => [r.rid, r]));
  if (rows.length !== ids.length) throw planLineMissing();
  const items = await loadItemsByIds(
    tx,
    rows.map((r) => r.itemId),
  );
  return input.map((wanted) => {
    const line = byRid.get(wanted.id)!;
    const item = items.get(line.itemId);
    if (!item || !item.published) throw new AppError('ITEM_WITHDRAWN', `「${item?.name ?? '项目'}」已下架，请从实验计划中移除后再下单`, { status: 409 });
    const samples = wanted.samples;
    const reservation = line.reservationDate !== null ? { day: line.reservationDate, hours: line.reservationHours ?? [] } : null;
    if (!reservation && samples.length === 0) throw badRequest(`请填写「${item.name}」的样品信息`);
    // a test line is priced by its samples; an on-site line by its hours
    const lineCount = reservation ? reservation.hours.length : samples.reduce((n, s) => n + s.count, 0);
    const price = priceLine(item, line.choices, lineCount);
    return {
      planLineId: line.id,
      itemId: item.id,
      name: item.name,
      img: item.img,
      typeId: item.typeId,
      groupId: item.groupId,
      unit: item.unit,
      count: lineCount,
      options: price.options,
      unitPriceFen: price.unitPriceFen,
      amountFen: price.amountFen,
      note: wanted.note ?? line.note,
      samples,
      reservation,
    };
  });
}

async function checkCoupon(tx: Tx, memberId: number, rid: string, now: Date): Promise<void> {
  // read with its owner: another member's coupon is not found (404); one of the member's own
  // that is spent or expired is a conflict (409)
  const [coupon] = await tx
    .select({ status: memberCoupons.status, validTo: memberCoupons.validTo })
    .from(memberCoupons)
    .where(and(eq(memberCoupons.rid, rid), eq(memberCoupons.memberId, memberId)))
    .limit(1);
  if (!coupon) throw notFound('优惠券');
  if (coupon.status !== 'unused' || coupon.validTo <= now) throw new AppError('COUPON_UNUSABLE', '优惠券已使用或已过期', { status: 409 });
}

async function invoiceTitleId(tx: Tx, memberId: number, rid: string | undefined): Promise<number | null> {
  if (!rid) return null;
  const [title] = await tx
    .select({ id: invoiceTitles.id })
    .from(invoiceTitles)
    .where(and(eq(invoiceTitles.rid, rid), eq(invoiceTitles.memberId, memberId)))
    .limit(1);
  if (!title) throw notFound('发票抬头');
  return title.id;
}

/** Inserts the order row under a fresh number (a clash of the random digits retries). */
async function insertOrderRow(tx: Tx, values: Omit<typeof orders.$inferInsert, 'orderNo'>, now: Date): Promise<OrderRow> {
  for (let attempt = 0; ; attempt += 1) {
    try {
      return await tx.transaction(async (sp) => {
        const [row] = await sp
          .insert(orders)
          .values({ ...values, orderNo: newOrderNo(now) })
          .returning();
        return row!;
      });
    } catch (error) {
      if (!isUniqueViolation(error) || attempt >= 4) throw error;
    }
  }
}

/**
 * order/add: in one transaction the chosen plan lines become an order — priced from the
 * catalogue, samples coded, on-site hours booked, the home pickup booked, the testing
 * agreement to sign, the timeline's first event and an in-site message; the lines leave the plan.
 */
export async function placeOrder(db: Db, memberId: number, input: OrderAddBody, now: Date): Promise<OrderDetail> {
  const member = await getMember(db, memberId);
  if ((await countAddresses(db, memberId)) === 0) throw new AppError('BASIC_INFO_MISSING', NO_ADDRESS_MESSAGE, { status: 409 });
  const orderNo = await db.transaction(async (tx) => {
    const lines = await prepareLines(tx, memberId, input.lines);
    const wanted = lines.flatMap((line) => (line.reservation ? [{ itemId: line.itemId, ...line.reservation }] : []));
    const holdUntil = wanted.length > 0 ? await holdForBooking(tx, memberId, wanted, now) : null;
    if (input.coupon_rid) await checkCoupon(tx, memberId, input.coupon_rid, now);
    const titleId = await invoiceTitleId(tx, memberId, input.invoice_title_rid);
    const order = await insertOrderRow(
      tx,
      {
        memberId,
        kind: 'test',
        organization: member.organization,
        title: orderTitle(lines.map((l) => l.name)),
        lineCount: lines.length,
        sampleCount: lines.reduce((n, l) => n + l.samples.reduce((m, s) => m + s.count, 0), 0),
        totalFen: lines.reduce((n, l) => n + l.amountFen, 0),
        couponRid: input.coupon_rid ?? null,
        delivery: input.delivery,
        contact: input.contact ?? memberName(member),
        phone: input.phone ?? member.phone,
        remark: input.remark ?? '',
        invoiceType: input.invoice_type,
        invoiceTitleId: titleId,
        createdAt: now,
        updatedAt: now,
      },
      now,
    );
    await tx.insert(orderLines).values(
      lines.map((line, index) => ({
        rid: randomId(),
        orderId: order.id,
        itemId: line.itemId,
        name: line.name,
        img: line.img,
        typeId: line.typeId,
        groupId: line.groupId,
        unit: line.unit,
        count: line.count,
        options: line.options,
        unitPriceFen: line.unitPriceFen,
        amountFen: line.amountFen,
        note: line.note,
        samples: line.samples.map((sample, n) => ({ ...sample, code: sampleCode(order.orderNo, index + 1, n + 1) })),
        sort: index,
      })),
    );
    for (const line of lines) {
      if (!line.reservation) continue;
      await bookSlots(tx, {
        memberId,
        itemId: line.itemId,
        day: line.reservation.day,
        hours: line.reservation.hours,
        amountFen: line.amountFen,
        orderId: order.id,
        note: line.note,
        holdUntil,
        now,
      });
    }
    if (input.delivery === 'pickup') {
      const sampling = await addSampling(
        tx,
        memberId,
        {
          type: 1,
          address_rid: input.address_rid,
          date: input.date,
          time: input.time,
          name: undefined,
          phone: undefined,
          address_code: undefined,
          province: undefined,
          city: undefined,
          area: undefined,
          address: undefined,
          sendAddress: undefined,
          message: `订单${order.orderNo}取样`,
        },
        now,
      );
      const [row] = await tx.select({ id: samplings.id }).from(samplings).where(eq(samplings.rid, sampling.rid)).limit(1);
      await tx.update(orders).set({ samplingId: row!.id }).where(eq(orders.id, order.id));
    }
    await tx.delete(planLines).where(
      inArray(
        planLines.id,
        lines.map((l) => l.planLineId),
      ),
    );
    await tx.insert(contracts).values({
      rid: randomId(),
      memberId,
      orderId: order.id,
      kind: 'agreement',
      title: `委托检测服务协议（${order.orderNo}）`,
      status: 'to_sign',
      createdAt: now,
    });
    await addOrderEvent(tx, order.id, { status: 'submitted', title: '订单已提交', actor: { kind: 'member', id: memberId, name: memberName(member) }, now });
    await postMessage(
      tx,
      memberId,
      {
        title: `订单${order.orderNo}已提交`,
        content: `您的订单「${order.title}」已提交，共${lines.length}个项目，金额¥${(order.totalFen / 100).toFixed(2)}。${input.delivery === 'pickup' ? '我们将按预约时间上门取样。' : '请按订单详情中的地址寄送样品。'}`,
        link: `/member/order/${order.orderNo}`,
      },
      now,
    );
    return order.orderNo;
  });
  return getOrderDetail(db, memberId, orderNo, now);
}

// ---- detail ----

/**
 * The detail of an order read with its owner already checked (member) or by staff. Members
 * see report files only once the lab has delivered the data (a file uploaded while testing
 * may still be replaced); staff see them as they are uploaded.
 */
export async function orderDetailOf(db: DbOrTx, order: OrderRow, now: Date, audience: 'member' | 'staff' = 'member'): Promise<OrderDetail> {
  const showReports = audience === 'staff' || order.deliveredAt !== null;
  const [lineRows, eventRows, reportRows, reservationRows, pickupRows, couponRows, settings, payer] = await Promise.all([
    db
      .select({ line: orderLines, itemRid: serviceItems.rid })
      .from(orderLines)
      .innerJoin(serviceItems, eq(serviceItems.id, orderLines.itemId))
      .where(eq(orderLines.orderId, order.id))
      .orderBy(asc(orderLines.sort), asc(orderLines.id)),
    db.select().from(orderEvents).where(eq(orderEvents.orderId, order.id)).orderBy(asc(orderEvents.id)),
    showReports
      ? db
          .select()
          .from(orderFiles)
          .where(and(eq(orderFiles.orderId, order.id), eq(orderFiles.kind, 'report')))
          .orderBy(asc(orderFiles.id))
      : Promise.resolve([]),
    db.select().from(reservations).where(eq(reservations.orderId, order.id)).orderBy(asc(reservations.id)),
    order.samplingId !== null ? db.select().from(samplings).where(eq(samplings.id, order.samplingId)).limit(1) : Promise.resolve([]),
    couponOf(db, order),
    getSiteSettings(db),
    payerName(db, order),
  ]);
  // on-site lines were booked in line order: the n-th reservation of an item belongs to its n-th on-site line
  const booked = new Map<number, (typeof reservationRows)[number][]>();
  for (const r of reservationRows) booked.set(r.itemId, [...(booked.get(r.itemId) ?? []), r]);
  const lines: OrderLine[] = lineRows.map(({ line, itemRid }) => {
    const reservation = booked.get(line.itemId)?.shift();
    return {
      id: line.rid,
      rid: itemRid,
      name: line.name,
      img: line.img,
      typeId: line.typeId,
      groupId: line.groupId,
      unit: line.unit,
      count: line.count,
      options: line.options,
      unitPriceFen: line.unitPriceFen,
      amountFen: line.amountFen,
      note: line.note,
      samples: line.samples,
      reservation: reservation ? { rid: reservation.rid, date: reservation.day, hours: reservation.hours, status: reservationStatusAt(reservation, now) } : null,
    };
  });
  const pickup = pickupRows[0];
  const { localInfo } = settings;
  return {
    ...toOrderSummary(order, now),
    lines,
    events: eventRows.map(toOrderEvent),
    reports: reportRows.map(toReportFile),
    contact: order.contact,
    phone: order.phone,
    remark: order.remark,
    pickup: pickup
      ? { rid: pickup.rid, date: pickup.pickupDate, time: pickup.timeSlot, address: pickup.sendAddress, status: samplingStatusLabels[pickup.status] ?? pickup.status }
      : null,
    paidFrom: payer,
    coupon: couponRows,
    invoiceType: order.invoiceType,
    evaluation:
      order.evaluationScore !== null && order.evaluatedAt !== null
        ? { score: order.evaluationScore, content: order.evaluationContent ?? '', createdAt: order.evaluatedAt.toISOString() }
        : null,
    dispute: order.disputeReason !== null && order.disputedAt !== null ? { reason: order.disputeReason, createdAt: order.disputedAt.toISOString(), resolved: order.disputeResolved } : null,
    labAddress: localInfo.express || localInfo.address || DEFAULT_LAB_ADDRESS,
  };
}

export const toReportFile = (row: typeof orderFiles.$inferSelect): ReportFile => ({ id: row.rid, name: row.name, size: row.size, uploadedAt: row.createdAt.toISOString() });

async function payerName(db: DbOrTx, order: OrderRow): Promise<OrderDetail['paidFrom']> {
  if (order.paidFromKind === 'community' && order.paidFromId !== null) {
    const [row] = await db.select({ name: communities.name }).from(communities).where(eq(communities.id, order.paidFromId)).limit(1);
    return { kind: 'community', name: row?.name ?? '' };
  }
  if (order.paidFromKind === 'member' && order.paidFromId !== null) {
    const [row] = await db.select({ name: members.name, nickname: members.nickname }).from(members).where(eq(members.id, order.paidFromId)).limit(1);
    return { kind: 'member', name: row ? memberName(row) : '' };
  }
  return { kind: 'none', name: '' };
}

async function couponOf(db: DbOrTx, order: OrderRow): Promise<OrderDetail['coupon']> {
  const where = order.couponId !== null ? eq(memberCoupons.id, order.couponId) : order.couponRid ? and(eq(memberCoupons.rid, order.couponRid), eq(memberCoupons.memberId, order.memberId)) : null;
  if (!where) return null;
  const [row] = await db
    .select({ rid: memberCoupons.rid, name: couponTemplates.name })
    .from(memberCoupons)
    .innerJoin(couponTemplates, eq(couponTemplates.id, memberCoupons.templateId))
    .where(where)
    .limit(1);
  return row ? { rid: row.rid, name: row.name, discountFen: order.couponId !== null ? order.discountFen : 0 } : null;
}

/** order/detail: the member's own order (another member's number → 404). */
export async function getOrderDetail(db: DbOrTx, memberId: number, orderNo: string, now: Date): Promise<OrderDetail> {
  return orderDetailOf(db, await findMemberOrder(db, memberId, orderNo), now);
}

// ---- lists ----

const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);
/** The start of a Shanghai day as an instant. */
const shanghaiDayStart = (day: string) => new Date(`${day}T00:00:00+08:00`);

/** The condition of a member-facing tab (also used by staff lists). */
export function orderTabCondition(tab: OrderListBody['tab']): SQL | undefined {
  switch (tab) {
    case 'all':
      return undefined;
    case 'unpaid':
      return and(eq(orders.payment, 'unpaid'), ne(orders.progress, 'cancelled'), eq(orders.payLater, false));
    case 'unsettled':
      return and(ne(orders.progress, 'cancelled'), or(eq(orders.payment, 'unsettled'), and(eq(orders.payLater, true), eq(orders.payment, 'unpaid'))));
    default:
      return eq(orders.progress, tab);
  }
}

type OrderFilterQuery = { order_no?: string | undefined; keyword?: string | undefined; from?: string | undefined; to?: string | undefined };

/** The filters' values as the statements take them: a number, a LIKE pattern, the bounds of Shanghai days. */
function orderFilterValues(query: OrderFilterQuery) {
  return {
    orderNo: query.order_no || undefined,
    pattern: query.keyword ? `%${escapeLike(query.keyword)}%` : undefined,
    from: query.from ? shanghaiDayStart(query.from) : undefined,
    to: query.to ? shanghaiDayStart(addDays(query.to, 1)) : undefined,
  };
}

/** A value written into a statement, or the placeholder a prepared statement takes it by. */
type Bind = <T>(name: string, value: T) => T | Placeholder;
const byValue: Bind = (_name, value) => value;
const byPlaceholder: Bind = (name) => sql.placeholder(name);

function filterConditions(values: ReturnType<typeof orderFilterValues>, bind: Bind): SQL[] {
  const conditions: SQL[] = [];
  if (values.orderNo !== undefined) conditions.push(eq(orders.orderNo, bind('orderNo', values.orderNo)));
  if (values.pattern !== undefined) {
    const pattern = bind('pattern', values.pattern);
    conditions.push(
      or(
        ilike(orders.title, pattern),
        sql`exists (select 1 from ${orderLines} where ${orderLines.orderId} = ${orders.id} and ${orderLines.name} ilike ${pattern})`,
      )!,
    );
  }
  if (values.from !== undefined) conditions.push(gte(orders.createdAt, bind('from', values.from)));
  if (values.to !== undefined) conditions.push(lt(orders.createdAt, bind('to', values.to)));
  return conditions;
}

/** The filters shared by the member's list and the staff list: number, project name, Shanghai dates. */
export function orderFilterConditions(query: OrderFilterQuery): SQL[] {
  return filterConditions(orderFilterValues(query), byValue);
}

/**
 * Where a keyset page of the member's list ended (the last order's creation time to the
 * microsecond, and its id) and the total counted on the first page, which the later pages
 * carry instead of counting again: a walk through the pages is one pass over the list, so
 * orders placed meanwhile appear on a new first page, not in the middle of the walk.
 */
interface OrderCursor {
  createdAt: string;
  id: number;
  total: number;
}

const cursorTime = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{6}Z$/;
const encodeOrderCursor = (cursor: OrderCursor) => Buffer.from(`${cursor.createdAt}|${cursor.id}|${cursor.total}`).toString('base64url');

function decodeOrderCursor(text: string): OrderCursor {
  const [createdAt = '', id = '', total = '', ...rest] = Buffer.from(text, 'base64url').toString().split('|');
  if (rest.length || !cursorTime.test(createdAt) || !/^\d{1,10}$/.test(id) || !/^\d{1,10}$/.test(total)) throw badRequest('[翻页游标]不正确');
  return { createdAt, id: Number(id), total: Number(total) };
}

/** The values of one call of order/list4person, and the cursor it continues from. */
function memberOrderValues(memberId: number, query: OrderListBody) {
  if (query.from && query.to && query.from > query.to) throw badRequest('开始日期不能晚于结束日期');
  const after = query.cursor ? decodeOrderCursor(query.cursor) : null;
  const values = {
    ...orderFilterValues(query),
    memberId,
    afterTime: after?.createdAt,
    afterId: after?.id,
    // one more than the page: whether there is a page after it
    limit: query.pageSize + 1,
    offset: after ? 0 : (query.page - 1) * query.pageSize,
  };
  return { values, after };
}
type MemberOrderValues = ReturnType<typeof memberOrderValues>['values'];

/**
 * The columns of a page of the member's list: a summary's, and the creation time to the
 * microsecond for the cursor (a Date keeps milliseconds).
 */
const pageColumns = {
  ...summaryColumns,
  cursorTime: sql<string>`to_char(${orders.createdAt} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`.as('cursor_time'),
};

/**
 * The statements of order/list4person: the page, and the count when it is paged by number.
 * Newest first by (created_at, id) `desc nulls last`, the order of orders_member_idx as
 * drizzle-kit writes it (DESC NULLS LAST): a plain `desc` means NULLS FIRST, which that index
 * cannot give, and PostgreSQL then sorts all of the member's orders for every page. A keyset
 * page starts inside the index at the cursor; a numbered page skips `offset` index entries.
 * Which conditions there are depends on the tab and on which filters are given (the shape);
 * their values are written in, or taken by placeholders when the statements are prepared.
 * The rows come back as drizzle maps them (a timestamp to a Date, …), one row per order.
 */
function memberOrderQueries(db: Db, tab: OrderListBody['tab'], values: MemberOrderValues, bind: Bind) {
  const conditions = [eq(orders.memberId, bind('memberId', values.memberId)), ...filterConditions(values, bind)];
  const tabCondition = orderTabCondition(tab);
  if (tabCondition) conditions.push(tabCondition);
  const where = and(...conditions);
  const keyset = values.afterTime !== undefined && values.afterId !== undefined;
  const total = keyset ? null : db.select({ n: count() }).from(orders).where(where);
  // a numbered page carries the count on each row: an uncorrelated subquery, which PostgreSQL
  // runs once per statement (an InitPlan), so the page and its total are one round trip
  const limited = db
    .select({ ...pageColumns, total: (total ? sql<number | null>`(${total})` : sql<number | null>`null`).mapWith(Number).as('total') })
    .from(orders)
    .where(keyset ? and(where, sql`(${orders.createdAt}, ${orders.id}) < (${bind('afterTime', values.afterTime)}::timestamptz, ${bind('afterId', values.afterId)}::int)`) : where)
    .orderBy(sql`${orders.createdAt} desc nulls last`, sql`${orders.id} desc nulls last`)
    .limit(bind('limit', values.limit))
    .$dynamic();
  // a keyset page has no offset (it was always 0): an OFFSET taken as a parameter makes
  // PostgreSQL guess a tenth of the rows skipped, price the generic plan above the custom
  // ones, and plan every call again
  const page = keyset ? limited : limited.offset(bind('offset', values.offset));
  return { page, total };
}

/** The statements of one call with its values written in (what EXPLAIN reads in test/statement-bounds.test.ts). */
export function memberOrderStatements(db: Db, memberId: number, query: OrderListBody) {
  const { values, after } = memberOrderValues(memberId, query);
  return { ...memberOrderQueries(db, query.tab, values, byValue), after };
}

/**
 * The page statement of one call as it is prepared (placeholders $1, $2, …) and its values in
 * their order: test/statement-bounds.test.ts EXPLAINs its generic plan, the one PostgreSQL may
 * keep for a named statement after five calls.
 */
export function memberOrderPageStatement(db: Db, memberId: number, query: OrderListBody) {
  const { values } = memberOrderValues(memberId, query);
  const { sql: text, params } = memberOrderQueries(db, query.tab, values, byPlaceholder).page.toSQL();
  return { text, values: fillPlaceholders(params, values) };
}

/**
 * The page and count statements of each shape, prepared on first use: the list is read on
 * every visit to the member's orders, and building its SQL again was 70 µs of each call.
 * Shapes are few (the tabs × which of four filters are given × keyset or numbered).
 */
const memberOrderShapes = new Map<string, { page: ReturnType<typeof preparedPage>; total: ReturnType<typeof preparedTotal> | null }>();
const preparedPage = (name: string, tab: OrderListBody['tab'], values: MemberOrderValues) =>
  preparedQuery(name, (db) => memberOrderQueries(db, tab, values, byPlaceholder).page);
const preparedTotal = (name: string, tab: OrderListBody['tab'], values: MemberOrderValues) =>
  preparedQuery(name, (db) => memberOrderQueries(db, tab, values, byPlaceholder).total!);

function memberOrderShape(tab: OrderListBody['tab'], values: MemberOrderValues) {
  const given = [values.orderNo, values.pattern, values.from, values.to, values.afterTime].map((v) => (v === undefined ? 0 : 1)).join('');
  const key = `${tab}_${given}`;
  let shape = memberOrderShapes.get(key);
  if (!shape) {
    shape = { page: preparedPage(`member_orders_${key}`, tab, values), total: values.afterTime === undefined ? preparedTotal(`member_orders_total_${key}`, tab, values) : null };
    memberOrderShapes.set(key, shape);
  }
  return shape;
}

/**
 * order/list4person: the member's orders, newest first, by tab and filters; by page number
 * (the page with its count) or after a cursor (the page alone): one statement either way.
 */
export async function listMemberOrders(db: Db, memberId: number, query: OrderListBody, now: Date): Promise<OrderPage> {
  const { values, after } = memberOrderValues(memberId, query);
  const shape = memberOrderShape(query.tab, values);
  const rows = await shape.page(db).execute(values);
  // a keyset page takes the total of the first page from its cursor
  let total = after ? after.total : (rows[0]?.total ?? 0);
  // a numbered page past the end has no row to carry the count
  if (!after && rows.length === 0 && values.offset > 0 && shape.total) total = (await shape.total(db).execute(values))[0]?.n ?? 0;
  const list = rows.slice(0, query.pageSize);
  const last = list[list.length - 1];
  return {
    list: list.map((row) => toOrderSummary(row, now)),
    total,
    page: query.page,
    pageSize: query.pageSize,
    cursor: rows.length > query.pageSize && last ? encodeOrderCursor({ createdAt: last.cursorTime, id: last.id, total }) : null,
  };
}

/** order/history4user: the items the member has ordered (cancelled orders left out), most recent first. */
export async function orderedItems(db: DbOrTx, memberId: number, query: { page: number; pageSize: number }): Promise<Page<OrderedItem>> {
  const where = and(eq(orders.memberId, memberId), ne(orders.progress, 'cancelled'));
  const last = max(orders.createdAt);
  const [rows, [total]] = await Promise.all([
    db
      .select({
        rid: serviceItems.rid,
        name: serviceItems.name,
        img: serviceItems.img,
        unit: serviceItems.unit,
        times: countDistinct(orders.id),
        samples: sum(orderLines.count).mapWith(Number),
        last,
      })
      .from(orderLines)
      .innerJoin(orders, eq(orders.id, orderLines.orderId))
      .innerJoin(serviceItems, eq(serviceItems.id, orderLines.itemId))
      .where(where)
      .groupBy(serviceItems.id)
      .orderBy(desc(last), desc(serviceItems.id))
      .limit(query.pageSize)
      .offset((query.page - 1) * query.pageSize),
    db
      .select({ n: countDistinct(orderLines.itemId) })
      .from(orderLines)
      .innerJoin(orders, eq(orders.id, orderLines.orderId))
      .where(where),
  ]);
  return {
    list: rows.map((r) => ({ rid: r.rid, name: r.name, img: r.img, times: r.times, samples: r.samples ?? 0, unit: r.unit, lastOrderedAt: new Date(r.last as unknown as string | Date).toISOString() })),
    total: total?.n ?? 0,
    page: query.page,
    pageSize: query.pageSize,
  };
}

// ---- cancel ----

/**
 * order/cancel by the member: only before the sample is received (待确认, 待寄样). The order
 * row is locked; cancelOrder refunds a paid order, frees the pickup and the booked hours,
 * writes the event and the in-site message. The SMS/e-mail go out after the commit.
 */
export async function cancelMemberOrder(
  db: Db,
  notice: { channels: NoticeChannels; log: Pick<FastifyBaseLogger, 'warn'> },
  memberId: number, input: { order_no: string; reason?: string | undefined }, now: Date): Promise<OrderDetail> {
  const member = await getMember(db, memberId);
  const order = await db.transaction(async (tx) => {
    const row = await findMemberOrder(tx, memberId, input.order_no, { lock: true });
    if (!MEMBER_CANCELLABLE.includes(row.progress)) {
      throw new AppError('ORDER_STATE', `订单当前为「${progressLabels[row.progress]}」，不能取消`, { status: 409 });
    }
    return cancelOrder(tx, row, { kind: 'member', id: memberId, name: memberName(member) }, input.reason ?? '', now);
  });
  await sendNotice(db, notice.channels, memberId, {
    template: 'order_cancelled',
    params: { orderNo: order.orderNo },
    subject: `订单${order.orderNo}已取消`,
    body: `您的订单${order.orderNo}已取消${order.payment === 'refunded' ? '，已支付的款项已退回预存款账户' : ''}。`,
  }).catch((error: unknown) => notice.log.warn({ err: error, orderNo: order.orderNo }, 'order cancel notice failed'));
  return orderDetailOf(db, order, now);
}
