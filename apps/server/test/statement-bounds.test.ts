import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orderListBody, type DeviceSummary, type OrderDetail, type OrderPage, type Page } from '@lab/contract';
import { queryRows, statementCounter } from '../src/db/client';
import { seedCatalog } from '../src/areas/catalog/catalog.seed';
import { memberOrderPageStatement, memberOrderStatements } from '../src/areas/orders/order-lists.service';
import { call, createTestContext, type TestContext } from './harness';
import { seedBusyMember, seedPayers } from './bulk-orders';

/**
 * No call sends a statement per row: what the member's order list, the search, paying and an
 * order's detail send does not grow with the page size or the order's lines; and the order
 * list reads its pages through orders_member_idx (EXPLAIN) on PGlite and PostgreSQL, a keyset
 * page starting inside the index at its cursor, with its values written in and on the generic
 * plan PostgreSQL may keep for its named statement. `npm run bench:api` prints the same counts
 * under load.
 */

const statements = statementCounter();
let t: TestContext;
let busy: { memberId: number; token: string };
let payments: { token: string; orderNo: string }[];

beforeAll(async () => {
  t = await createTestContext({ sqlLogger: statements });
  await seedCatalog(t.db);
  busy = await seedBusyMember(t.db, 2_000, t.clock.now());
  // other members' orders, so the planner weighs the member index against the others
  payments = await seedPayers(t.db, 10, 40, t.clock.now());
  await t.db.execute(sql`vacuum analyze orders`);
});
afterAll(() => t?.close());

/** The statements one call sends, and its answer. */
async function counted<T>(send: () => Promise<T>): Promise<{ sent: number; result: T }> {
  statements.reset();
  const result = await send();
  return { sent: statements.count, result };
}

const listOrders = (body: Record<string, unknown>, token = busy.token) => call<OrderPage>(t.app, 'POST', '/api/auth/order/list4person', { token, json: body });

describe('the member order list', () => {
  it('sends the same statements for any page size: the token and the page (with its count on a numbered page)', async () => {
    // the token's session is read on every call, on both databases (sessions.service.ts)
    await listOrders({});
    const bySize = [];
    for (const pageSize of [5, 20, 100]) {
      const { sent, result } = await counted(() => listOrders({ page: 3, pageSize }));
      expect(result.data.list).toHaveLength(pageSize);
      expect(result.data.total).toBe(2_000);
      bySize.push(sent);
    }
    expect(bySize).toEqual([2, 2, 2]);
    // a page past the end still says how many there are: no row carries the count, so it is read alone
    const past = await counted(() => listOrders({ page: 1_000, pageSize: 20 }));
    expect(past.result.data).toMatchObject({ list: [], total: 2_000 });
    expect(past.sent).toBe(3);
    const first = await listOrders({ pageSize: 50 });
    for (const pageSize of [5, 50]) {
      const { sent, result } = await counted(() => listOrders({ pageSize, cursor: first.data.cursor }));
      expect(result.data.list).toHaveLength(pageSize);
      expect(sent).toBe(2);
    }
  });

  it('walks the same orders by cursor as by page number, newest first, to a last page without a cursor', async () => {
    const byNumber = [];
    for (let page = 1; page <= 3; page += 1) byNumber.push(...(await listOrders({ page, pageSize: 20, tab: 'completed' })).data.list.map((o) => o.orderNo));
    const byCursor = [];
    let cursor: string | null | undefined;
    for (let page = 1; page <= 3; page += 1) {
      const { data } = await listOrders({ page, pageSize: 20, tab: 'completed', ...(cursor ? { cursor } : {}) });
      byCursor.push(...data.list.map((o) => o.orderNo));
      expect(data.total).toBeGreaterThan(1_500);
      cursor = data.cursor;
    }
    expect(byCursor).toEqual(byNumber);
    expect(new Set(byCursor).size).toBe(60);
    // a payer's list fits on one page: no cursor
    const short = await listOrders({ pageSize: 100 }, payments[0]!.token);
    expect(short.data.list).toHaveLength(40);
    expect(short.data.cursor).toBeNull();
    expect(await listOrders({ cursor: 'bm90IGEgY3Vyc29y' })).toMatchObject({ status: 400, code: 0, msg: '[翻页游标]不正确' });
  });

  it('reads its pages through orders_member_idx, the cursor inside the index condition', async () => {
    const first = await listOrders({});
    const cursor = first.data.cursor;
    const bodies = [{}, { cursor }, { page: 20 }, { tab: 'completed', cursor }];
    const custom = [];
    const generic = [];
    for (const body of bodies) {
      const query = orderListBody.parse(body);
      // with its values written in: the plan PostgreSQL makes for a call
      const { page } = memberOrderStatements(t.db, busy.memberId, query);
      custom.push(planOf(await queryRows<{ 'QUERY PLAN': string }>(t.db, sql`explain ${page.getSQL()}`)));
      // prepared, as it is run, on its generic plan: the one PostgreSQL may keep for the named statement
      generic.push(await genericPlan(memberOrderPageStatement(t.db, busy.memberId, query)));
    }
    for (const plan of [...custom, ...generic.slice(0, 3)]) {
      expect(plan).toMatch(/Index Scan using orders_member_idx/);
      expect(plan).not.toMatch(/Sort/);
    }
    expect(custom[1]).toMatch(/Index Cond: \(\(member_id = \d+\) AND \(ROW\(created_at, id\) < ROW\(/);
    expect(generic[1]).toMatch(/Index Cond: \(\(member_id = \$1\) AND \(ROW\(created_at, id\) < ROW\(\$2, \$3\)\)\)/);
    // not knowing the tab, the generic plan of a tab reads the member's orders of that progress by
    // time (orders_member_progress_idx), ordering only orders placed in the same microsecond by id
    expect(generic[3]).toMatch(/Index Scan using orders_member(_progress)?_idx/);
    expect(generic[3]).not.toMatch(/(^|->\s+)Sort\s/m);
  });
});

const planOf = (rows: { 'QUERY PLAN': string }[]) => rows.map((r) => r['QUERY PLAN']).join('\n');

/** The generic plan of a statement taking $1, $2, …: prepared in a transaction that forces it, as PREPARE would plan it. */
async function genericPlan({ text, values }: { text: string; values: unknown[] }): Promise<string> {
  // the values are the test's own (numbers, a timestamp's text): written in as literals
  const literal = (value: unknown) => (typeof value === 'number' ? String(value) : `'${String(value).replaceAll("'", "''")}'`);
  return t.db.transaction(async (tx) => {
    await tx.execute(sql`set local plan_cache_mode = force_generic_plan`);
    await tx.execute(sql.raw(`prepare member_page_plan as ${text}`));
    const plan = planOf(await queryRows<{ 'QUERY PLAN': string }>(tx, sql.raw(`explain execute member_page_plan(${values.map(literal).join(', ')})`)));
    await tx.execute(sql`deallocate member_page_plan`);
    return plan;
  });
}

describe('the search', () => {
  it('sends the synonym lookup, a page and its count, for any page size', async () => {
    for (const pageSize of [2, 10, 50]) {
      const { sent, result } = await counted(() => call<Page<DeviceSummary>>(t.app, 'GET', '/api/open/web/device/search', { query: { keyword: '测试', pageSize: String(pageSize) } }));
      expect(result.data.list.length).toBe(Math.min(pageSize, result.data.total));
      // the synonym groups the keyword holds (search-query.ts), then the page; the count is left
      // out when a short page tells the total by itself (db/paginate.ts)
      expect(sent).toBe(1 + (result.data.list.length < pageSize ? 1 : 2));
    }
  });
});

describe('an order with more lines', () => {
  /** The payer's order again with three more lines (copies of its first). */
  async function withMoreLines(orderNo: string) {
    await t.db.execute(sql`
      insert into order_lines (rid, order_id, item_id, name, img, type_id, group_id, unit, count, unit_price_fen, amount_fen, samples, sort)
      select md5(l.rid || n), l.order_id, l.item_id, l.name, l.img, l.type_id, l.group_id, l.unit, l.count, l.unit_price_fen, l.amount_fen, l.samples, n
      from order_lines l join orders o on o.id = l.order_id, generate_series(1, 3) n
      where o.order_no = ${orderNo}`);
  }

  it('is paid and shown with the same statements as an order of one line', async () => {
    const [one, four] = [payments[1]!, payments[2]!];
    await withMoreLines(four.orderNo);
    const pay = (p: { token: string; orderNo: string }) => call(t.app, 'POST', '/api/auth/order/pay', { token: p.token, json: { order_no: p.orderNo, coupon_rid: 'none' } });
    const detail = (p: { token: string; orderNo: string }) => call<OrderDetail>(t.app, 'POST', '/api/auth/order/detail', { token: p.token, json: { order_no: p.orderNo } });
    // a first payment of each member opens their points account: pay one order of each before
    await pay(payments[1 + 10]!);
    await pay(payments[2 + 10]!);
    const paidOne = await counted(() => pay(one));
    const paidFour = await counted(() => pay(four));
    expect([paidOne.result.status, paidFour.result.status]).toEqual([200, 200]);
    expect(paidFour.sent).toBe(paidOne.sent);
    const shownOne = await counted(() => detail(one));
    const shownFour = await counted(() => detail(four));
    expect(shownFour.result.data.lines).toHaveLength(4);
    expect(shownFour.sent).toBe(shownOne.sent);
  });
});

describe('paying from funds', () => {
  it('sends at most 10 statements: the token, the locked read, the debit, the order update, growth\'s two, the notice, begin and commit', async () => {
    const payer = payments[5]!;
    statements.keepText = true;
    try {
      const { sent, result } = await counted(() => call(t.app, 'POST', '/api/auth/order/pay', { token: payer.token, json: { order_no: payer.orderNo, coupon_rid: 'none' } }));
      expect(result.status).toBe(200);
      expect(sent, statements.statements.join('\n')).toBeLessThanOrEqual(10);
    } finally {
      statements.keepText = false;
    }
  });
});
