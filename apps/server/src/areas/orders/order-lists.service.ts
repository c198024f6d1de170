import { and, count, countDistinct, desc, eq, fillPlaceholders, gte, ilike, lt, max, ne, or, sql, sum, type Placeholder, type SQL } from 'drizzle-orm';
import { labDayEnd, labDayStart, type OrderListBody, type OrderPage, type OrderedItem, type Page } from '@lab/contract';
import { preparedQuery, type Db, type DbOrTx } from '../../db/client';
import { paginate, type PageQuery } from '../../db/paginate';
import { badRequest } from '../../platform/errors';
import { itemsByIds } from '../catalog';
import { summaryColumns, toOrderSummary } from './order-core';
import { orderLines, orders } from './orders.tables';
import { escapeLike } from '../../platform/sql-filters';

/** The member's order lists: order/list4person (by tab, filters, page or cursor) and order/history4user. */


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
    from: query.from ? labDayStart(query.from) : undefined,
    to: query.to ? labDayEnd(query.to) : undefined,
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
export async function orderedItems(db: DbOrTx, memberId: number, query: PageQuery): Promise<Page<OrderedItem>> {
  const where = and(eq(orders.memberId, memberId), ne(orders.progress, 'cancelled'));
  const last = max(orders.createdAt);
  return paginate(
    query,
    (w) =>
      db
        .select({
          itemId: orderLines.itemId,
          times: countDistinct(orders.id),
          samples: sum(orderLines.count).mapWith(Number),
          last,
        })
        .from(orderLines)
        .innerJoin(orders, eq(orders.id, orderLines.orderId))
        .where(where)
        .groupBy(orderLines.itemId)
        .orderBy(desc(last), desc(orderLines.itemId))
        .limit(w.limit)
        .offset(w.offset),
    async () => {
      const [row] = await db.select({ n: countDistinct(orderLines.itemId) }).from(orderLines).innerJoin(orders, eq(orders.id, orderLines.orderId)).where(where);
      return row?.n ?? 0;
    },
    // the items of the page, in one query through the catalog's face
    async (rows) => {
      const items = await itemsByIds(
        db,
        rows.map((r) => r.itemId),
      );
      return rows.flatMap((r) => {
        const item = items.get(r.itemId);
        return item ? [{ rid: item.rid, name: item.name, img: item.img, times: r.times, samples: r.samples ?? 0, unit: item.unit, lastOrderedAt: new Date(r.last as unknown as string | Date).toISOString() }] : [];
      });
    },
  );
}
