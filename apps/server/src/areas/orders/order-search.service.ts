import { and, count, eq, gte, ilike, like, lt, or, sql, type SQL } from 'drizzle-orm';
import { unsettledDaysOf, type AdminOrderMember, type AdminOrderRow, type AdminOrderSearchBody, type Page } from '@lab/contract';
import type { Db, DbOrTx } from '../../db/client';
import { badRequest } from '../../platform/errors';
import { labDayEnd, labDayStart } from '@lab/contract';
import { memberContacts, memberIdsMatching } from '../accounts';
import { itemIdsNamed } from '../catalog';
import { sampleRecycles } from './pickups/pickups.tables';
import { SAMPLE_CODE, scannedOrderNo, toOrderSummary } from './order-core';
import { atRisk, promisesOf, riskCondition } from './order-promises';
import { orderLines, orders } from './orders.tables';
import { escapeLike } from '../../platform/sql-filters';

/**
 * The staff's order table (订单管理), paged, filtered and sorted in SQL so it stays fast at
 * 100,000 orders (bench/admin-orders.ts): one query for the page, one for the total, one for
 * the members on the page — and, when the keyword may name a member, one lookup of those
 * members first (the member table has no index for "contains", so it is read once, not once
 * per query). Each filter can use an index: progress and payment (with the creation time), the
 * creation time, the order number's prefix (text_pattern_ops), the title's trigrams, the
 * member's orders.
 */

/** Orders with a line of one of these catalogue items (read first by name): for words too short for the title's trigram index. */
const ofItems = (itemIds: number[]) =>
  sql`${orders.id} = any(array(select ${orderLines.orderId} from ${orderLines} where ${orderLines.itemId} = any(${`{${itemIds.join(',')}}`}::int[])))`;

const isOrderNumber = (upper: string) => SAMPLE_CODE.test(upper) || /^KY\d*$/.test(upper);

/** What a keyword names besides orders, read once for the page and the total (accounts' and the catalog's faces). */
export interface KeywordHits {
  /** the members it may name (part of a phone; a name, nickname or unit); null when it names an order */
  memberIds: number[] | null;
  /** the catalogue items whose name has the words (words of one or two characters only) */
  itemIds: number[];
}

export async function keywordHits(db: DbOrTx, keyword: string | undefined): Promise<KeywordHits> {
  const text = keyword?.trim() ?? '';
  if (!text || isOrderNumber(text.toUpperCase())) return { memberIds: null, itemIds: [] };
  if (/^\d+$/.test(text)) return { memberIds: await memberIdsMatching(db, text, 'phone-part'), itemIds: [] };
  const [memberIds, itemIds] = await Promise.all([
    memberIdsMatching(db, text, 'names'),
    [...text].length >= 3 ? Promise.resolve([]) : itemIdsNamed(db, `%${escapeLike(text)}%`),
  ]);
  return { memberIds, itemIds };
}

/** One array parameter (not one parameter per member), which the planner probes the member index with. */
const ofMembers = (ids: number[]) => sql`${orders.memberId} = any(${`{${ids.join(',')}}`}::int[])`;

/**
 * The one keyword box, read by its shape: a sample code finds its order; KY… is the start of
 * an order number; digits are the rest of an order number or part of a phone; anything else
 * is a member's name, nickname or unit, or words of the order's title. Each branch can use an
 * index, so their OR is a bitmap OR, not a scan of every order: the number's prefix index, the
 * member's orders, the title's trigrams — which need three characters, so one or two (拉曼,
 * 电镜) go through the lines of the items so named.
 */
export function keywordCondition(keyword: string, hits: KeywordHits): SQL {
  const text = keyword.trim();
  const upper = text.toUpperCase();
  if (SAMPLE_CODE.test(upper)) return eq(orders.orderNo, scannedOrderNo(upper));
  if (/^KY\d*$/.test(upper)) return like(orders.orderNo, `${upper}%`);
  const member = ofMembers(hits.memberIds ?? []);
  if (/^\d+$/.test(text)) return text.length <= 16 ? or(like(orders.orderNo, `KY${text}%`), member)! : member;
  const pattern = `%${escapeLike(text)}%`;
  return or(member, [...text].length >= 3 ? ilike(orders.title, pattern) : ofItems(hits.itemIds))!;
}

export function searchConditions(query: AdminOrderSearchBody, now: Date, hits: KeywordHits): SQL | undefined {
  if (query.from && query.to && query.from > query.to) throw badRequest('开始日期不能晚于结束日期');
  const conditions: SQL[] = [];
  if (query.progress) conditions.push(eq(orders.progress, query.progress));
  if (query.payment) conditions.push(eq(orders.payment, query.payment));
  if (query.kind) conditions.push(eq(orders.kind, query.kind));
  if (query.payLater !== undefined) conditions.push(eq(orders.payLater, query.payLater));
  if (query.risk) conditions.push(riskCondition(query.risk, now));
  if (query.keyword) conditions.push(keywordCondition(query.keyword, hits));
  if (query.from) conditions.push(gte(orders.createdAt, labDayStart(query.from)));
  if (query.to) conditions.push(lt(orders.createdAt, labDayEnd(query.to)));
  return conditions.length > 0 ? and(...conditions) : undefined;
}

/**
 * The order of the page. The indexes on the creation time were made DESC NULLS LAST (drizzle's
 * default), and PostgreSQL uses an index for ORDER BY only when the NULLS placement matches too
 * (it does not reason from NOT NULL), so the creation time sorts with NULLS LAST descending and
 * NULLS FIRST ascending (the index read backwards).
 */
function sortOf(query: Pick<AdminOrderSearchBody, 'sort' | 'order'>): SQL[] {
  const ascending = query.order === 'ascend';
  const direction = sql.raw(ascending ? 'asc nulls first' : 'desc nulls last');
  switch (query.sort) {
    case 'totalFen':
      return [sql`${orders.totalFen} ${direction}`, sql`${orders.id} ${direction}`];
    case 'paidAt':
      // unpaid orders last, whichever the direction
      return [sql`${orders.paidAt} ${sql.raw(ascending ? 'asc' : 'desc')} nulls last`, sql`${orders.id} ${direction}`];
    default:
      return [sql`${orders.createdAt} ${direction}`, sql`${orders.id} ${direction}`];
  }
}

const emptyMember: AdminOrderMember = { rid: '', name: '', phone: '', organization: null, company: null };

/** The members of a page of orders, in one query. */
export async function memberCards(db: DbOrTx, ids: number[]): Promise<Map<number, AdminOrderMember & { email: string | null }>> {
  const contacts = await memberContacts(db, ids);
  return new Map([...contacts.values()].map((m) => [m.id, { rid: m.rid, name: m.name || m.nickname, phone: m.phone, organization: m.organization, company: m.company, email: m.email }]));
}

/**
 * When the oldest open return request of the order was made (for the return promise), read per
 * row of the page only. Spelled out: drizzle writes a one-table select's columns unqualified,
 * which inside this subquery would compare the request's order number with itself.
 */
const returnAskedAt = sql<Date | string | null>`(select min(r.created_at) from ${sampleRecycles} r where r.order_no = "orders"."order_no" and r.status = 'pending')`;

/** The two statements of a search (built, not run), so the bench can EXPLAIN exactly what the list runs. */
export function searchStatements(db: DbOrTx, query: AdminOrderSearchBody, now: Date, hits: KeywordHits) {
  const where = searchConditions(query, now, hits);
  return {
    page: db
      .select({ order: orders, returnAskedAt })
      .from(orders)
      .where(where)
      .orderBy(...sortOf(query))
      .limit(query.pageSize)
      .offset((query.page - 1) * query.pageSize),
    total: db.select({ n: count() }).from(orders).where(where),
  };
}

/** POST /api/admin/orders/list */
export async function searchOrders(db: Db, query: AdminOrderSearchBody, now: Date): Promise<Page<AdminOrderRow>> {
  if (query.from && query.to && query.from > query.to) throw badRequest('开始日期不能晚于结束日期');
  const statements = searchStatements(db, query, now, await keywordHits(db, query.keyword));
  const [rows, [counted]] = await Promise.all([statements.page, statements.total]);
  const cards = await memberCards(
    db,
    rows.map((r) => r.order.memberId),
  );
  return {
    list: rows.map(({ order, returnAskedAt: asked }) => {
      const { email: _email, ...member } = cards.get(order.memberId) ?? { ...emptyMember, email: null };
      const requests = asked === null ? [] : [{ createdAt: new Date(asked), status: 'pending' as const, handledAt: null }];
      const promises = promisesOf(order, requests, now);
      return {
        ...toOrderSummary(order, now),
        member,
        receivedAt: order.receivedAt?.toISOString() ?? null,
        deliveredAt: order.deliveredAt?.toISOString() ?? null,
        promises,
        atRisk: promises.some(atRisk),
        unsettledDays: order.payment === 'unsettled' && order.progress !== 'cancelled' && order.deliveredAt ? unsettledDaysOf(order.deliveredAt, now) : null,
      };
    }),
    total: counted?.n ?? 0,
    page: query.page,
    pageSize: query.pageSize,
  };
}
