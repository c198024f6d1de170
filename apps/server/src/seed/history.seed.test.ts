import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SampleEstimate, SiteFigures } from '@lab/contract';
import { createTestContext, type TestContext } from '../../test/harness';
import { tmpRoot } from '../../test/template';
import { queryRows } from '../db/client';
import { checkLedger } from '../areas/funds/ledger-check.service';
import { countSiteFigures } from '../areas/catalog/site-figures';
import { orderEstimates } from '../areas/orders/desk/queue-estimate';
import { localFileStore } from '../platform/providers/file-store';
import { seedDemoData } from './seed';
import { listConsentDue } from '../areas/accounts';
import { pointsOverview } from '../areas/growth/points.service';
import { planHistory, turnaroundDays, workingAt, type HistoryItem } from './history.seed';

// a Monday afternoon in Shanghai; a smaller, denser history than the server's (same generator), so the test stays quick
const now = new Date('2026-12-07T07:30:00Z');
const ORDERS = 700;
const history = { orders: ORDERS, days: 240 };
// the history's customers (the demo accounts' own orders are made by the services at other times)
const customers = sql`(select id from members where phone between '13800131000' and '13800137999')`;
let t: TestContext;

const rows = <T>(query: ReturnType<typeof sql>) => queryRows<T>(t.db, query);

beforeAll(async () => {
  t = await createTestContext({ now });
  expect(await seedDemoData(t.db, { files: localFileStore(path.join(tmpRoot, 'files')), now, secrets: t.secrets, jobs: t.jobs, history })).toBe(true);
}, 180_000);
afterAll(() => t.close());

describe('the demo history', () => {
  it('balances: every account equals the sum of its entries, and the nightly check finds nothing', async () => {
    expect(await checkLedger(t.db, now)).toEqual([]);
    // and no entry ever left an account below zero
    const [low] = await rows<{ n: number }>(sql`select count(*)::int as n from ledger_entries where balance_after_fen < 0`);
    expect(low!.n).toBe(0);
    // each paid order left the funds once, each refund came back once
    const [paid] = await rows<{ orders: number; entries: number }>(sql`
      select (select count(*)::int from orders where payment in ('paid', 'refunded') and paid_fen > 0) as orders,
             (select count(*)::int from ledger_entries where type = 'payment') as entries`);
    expect(paid!.entries).toBe(paid!.orders);
  });

  it('has orders in every state, paid by every channel, with refunds, bookings, invoices and a few missed promises', async () => {
    const progress = await rows<{ progress: string; n: number }>(sql`select progress, count(*)::int as n from orders group by progress`);
    expect(progress.map((p) => p.progress).sort()).toEqual(['awaiting_sample', 'cancelled', 'completed', 'delivered', 'received', 'submitted', 'testing']);
    const payment = await rows<{ payment: string }>(sql`select distinct payment from orders`);
    expect(payment.map((p) => p.payment).sort()).toEqual(['paid', 'refunded', 'unpaid', 'unsettled']);
    const completed = progress.find((p) => p.progress === 'completed')!.n;
    expect(completed).toBeGreaterThan(ORDERS * 0.75);
    const [money] = await rows<{ wechat: number; alipay: number; transfers: number; prestorePaid: number; onlineRefunds: number; gateway: number; online: number }>(sql`
      select (select count(*)::int from online_payments where vendor = 'wechat' and state = 'paid') as wechat,
             (select count(*)::int from online_payments where vendor = 'alipay' and state = 'paid') as alipay,
             (select count(*)::int from prestore_applications where status = 'confirmed') as transfers,
             (select count(*)::int from orders o where o.payment = 'paid' and not exists (select 1 from online_payment_orders p where p.order_id = o.id)) as "prestorePaid",
             (select count(*)::int from online_refunds where state = 'success') as "onlineRefunds",
             (select count(*)::int from local_gateway_payments where state = 'paid') as gateway,
             (select count(*)::int from online_payments where state = 'paid') as online`);
    expect(money).toMatchObject({ wechat: expect.any(Number), alipay: expect.any(Number) });
    for (const n of [money!.wechat, money!.alipay, money!.transfers, money!.prestorePaid]) expect(n).toBeGreaterThan(10);
    // the local gateway's books hold every online payment (reconciliation agrees)
    expect(money!.gateway).toBe(money!.online);
    const [other] = await rows<{ used: number; booked: number; issued: number; pending: number; misses: number; members: number; queued: number }>(sql`
      select (select count(*)::int from reservations where status = 'used') as used,
             (select count(*)::int from reservations where status = 'booked') as booked,
             (select count(*)::int from invoice_applications where status = 'issued') as issued,
             (select count(*)::int from invoice_applications where status = 'pending') as pending,
             (select count(*)::int from order_promise_misses) as misses,
             (select count(*)::int from members) as members,
             (select count(*)::int from order_samples where state = 'queued') as queued`);
    expect(other!.used).toBeGreaterThan(5);
    expect(other!.booked).toBeGreaterThan(0);
    expect(other!.issued).toBeGreaterThan(20);
    expect(other!.misses).toBeGreaterThan(0);
    expect(other!.misses).toBeLessThan(ORDERS * 0.1);
    expect(other!.members).toBeGreaterThan(ORDERS / 6);
  });

  it('keeps people\'s times in working hours (Shanghai, Monday–Saturday 9–18) and nothing after now', async () => {
    const [outside] = await rows<{ events: number; moves: number; later: number }>(sql`
      select (select count(*)::int from order_events e join orders o on o.id = e.order_id
               where e.actor_kind <> 'system' and o.member_id in ${customers}
                 and (extract(dow from e.created_at at time zone 'Asia/Shanghai') = 0
                   or extract(hour from e.created_at at time zone 'Asia/Shanghai') not between 9 and 17)
                 and e.created_at < ${now.toISOString()}::timestamptz - interval '20 minutes') as events,
             (select count(*)::int from sample_events e join orders o on o.id = e.order_id
               where o.member_id in ${customers} and (extract(dow from e.created_at at time zone 'Asia/Shanghai') = 0
                  or extract(hour from e.created_at at time zone 'Asia/Shanghai') not between 9 and 17)) as moves,
             (select count(*)::int from order_events where created_at > ${now.toISOString()}::timestamptz) as later`);
    // a booking paid a few minutes after six: a few
    expect(outside!.events).toBeLessThan(ORDERS * 0.05);
    expect(outside!.moves).toBe(0);
    expect(outside!.later).toBe(0);
  });

  it('makes the site\'s figures read like a lab in business, from the data', async () => {
    const figures: SiteFigures = await countSiteFigures(t.db, now);
    expect(figures.ordersDone).toBeGreaterThan(ORDERS * 0.75);
    expect(figures.customers).toBeGreaterThan(ORDERS / 6);
    const hot = await rows<{ name: string; order_count: number }>(sql`select name, order_count from service_items where hot order by sort`);
    expect(hot.length).toBeGreaterThan(0);
    for (const item of hot) expect(item.order_count, item.name).toBeGreaterThan(0);
  });

  it('gives a queued sample of a busy instrument an estimate from its history', async () => {
    const [queued] = await rows<{ order_id: number; code: string }>(sql`
      select s.order_id, s.code from order_samples s
       where s.state = 'queued'
         and (select count(*) from sample_events e join order_samples o on o.id = e.sample_id
               where o.item_id = s.item_id and e.to_state = 'data_out' and e.created_at >= ${now.toISOString()}::timestamptz - interval '60 days') >= 10
       limit 1`);
    expect(queued).toBeDefined();
    const estimates = await orderEstimates(t.db, Number(queued!.order_id), now);
    expect(estimates.get(queued!.code)).toMatchObject({ basis: 'history' } satisfies Partial<SampleEstimate>);
    // an instrument with little history falls back on its stated 测试周期, not the lab-wide 3–5 days
    const [stem] = await rows<{ min: number; max: number }>(sql`
      select q.default_min_days as min, q.default_max_days as max from instrument_queues q join service_items i on i.id = q.item_id where i.name = '球差校正 STEM（HAADF 原子像）'`);
    expect(stem).toEqual({ min: 10, max: 15 });
  });

  it('gives its customers the consents and points the services would have', async () => {
    // everyone who registered or logged in since the first agreements took effect agreed to both
    const [consents] = await rows<{ missing: number; consenting: number; marketing: number; customers: number }>(sql`
      with first as (select min(effective_at) as at from agreement_versions where kind in ('user', 'privacy'))
      select (select count(*)::int from members m, first where m.id in ${customers} and (m.created_at >= first.at or m.last_login_at >= first.at)
                and (select count(distinct c.purpose) from member_consents c where c.member_id = m.id and c.purpose in ('user', 'privacy') and c.granted) < 2) as missing,
             (select count(distinct member_id)::int from member_consents where member_id in ${customers} and purpose = 'privacy') as consenting,
             (select count(*)::int from member_consents where member_id in ${customers} and purpose = 'marketing_sms') as marketing,
             (select count(*)::int from members where id in ${customers}) as customers`);
    expect(consents!.missing).toBe(0);
    expect(consents!.consenting).toBeGreaterThan(consents!.customers / 2);
    expect(consents!.marketing).toBeGreaterThan(0);
    const [one] = await rows<{ id: number }>(sql`select member_id as id from member_consents where member_id in ${customers} and purpose = 'privacy' order by member_id limit 1`);
    expect(await listConsentDue(t.db, Number(one!.id), now)).toEqual([]);

    // each paid order earned its points: credited once complete, reversed when refunded, pending in the lab
    const [points] = await rows<{ unearned: number; wrong: number; credited: number }>(sql`
      select (select count(*)::int from orders o where o.member_id in ${customers} and o.paid_at is not null and o.paid_fen >= 100
                and not exists (select 1 from order_points p where p.order_id = o.id)) as unearned,
             (select count(*)::int from order_points p join orders o on o.id = p.order_id where o.member_id in ${customers}
                and p.status <> case when o.payment = 'refunded' then 'reversed' when o.progress = 'completed' then 'credited' else 'pending' end) as wrong,
             (select count(*)::int from order_points p where p.status = 'credited' and p.member_id in ${customers}) as credited`);
    expect(points).toMatchObject({ unearned: 0, wrong: 0 });
    expect(points!.credited).toBeGreaterThan(ORDERS / 2);
    // 我的积分 reads the account: its balance is the credited points, the waiting ones beside it
    const [busy] = await rows<{ id: number; credited: number; pending: number }>(sql`
      select member_id as id, sum(points) filter (where status = 'credited')::int as credited, coalesce(sum(points) filter (where status = 'pending'), 0)::int as pending
      from order_points where member_id in ${customers} group by member_id order by count(*) desc, member_id limit 1`);
    const overview = await pointsOverview(t.db, Number(busy!.id));
    expect(overview).toMatchObject({ balance: busy!.credited, earned: busy!.credited, pendingPoints: busy!.pending });
  });

  it('seeds once: a second start adds nothing', async () => {
    const [before] = await rows<{ n: number }>(sql`select count(*)::int as n from orders`);
    expect(await seedDemoData(t.db, { files: localFileStore(path.join(tmpRoot, 'files')), now, secrets: t.secrets, jobs: t.jobs, history })).toBe(false);
    const [after] = await rows<{ n: number }>(sql`select count(*)::int as n from orders`);
    expect(after!.n).toBe(before!.n);
  });
});

describe('the history generator', () => {
  const items: HistoryItem[] = [
    { id: 1, name: 'XRD 粉末衍射（物相分析）', img: '', typeId: 1, groupId: 31, unit: '样品', priceFen: 6000, options: [], turnaround: '3–5 个工作日', reservable: false },
    { id: 2, name: 'SEM 机时预约（自主上机）', img: '', typeId: 2, groupId: 41, unit: '小时', priceFen: 40000, options: [], turnaround: '按预约时段', reservable: true },
  ];
  const people = { sales: { id: 1, name: '王经理' }, lab: { id: 2, name: '李实验员' }, finance: { id: 3, name: '赵会计' } };

  it('draws the same history from the same seed and time, another from another seed', () => {
    const a = planHistory(items, people, now, { orders: 120 });
    const b = planHistory(items, people, now, { orders: 120 });
    expect(JSON.stringify(a)).toBe(JSON.stringify(b));
    expect(JSON.stringify(planHistory(items, people, now, { orders: 120, seed: 7 }))).not.toBe(JSON.stringify(a));
    // two years back from now, nothing later
    const times = a.orders.map((o) => o.createdAt.getTime());
    expect(Math.min(...times)).toBeGreaterThanOrEqual(now.getTime() - 731 * 24 * 3600_000);
    expect(Math.max(...times)).toBeLessThanOrEqual(now.getTime());
  });

  it('leaves hours already booked free, and books no hour twice', () => {
    const plan = planHistory(items, people, now, { orders: 400 });
    const hours = plan.orders.flatMap((o) => (o.reservation && o.reservation.status !== 'cancelled' ? o.reservation.hours.map((h) => `${o.reservation!.itemId}:${o.reservation!.day}:${h}`) : []));
    expect(new Set(hours).size).toBe(hours.length);
    const again = planHistory(items, people, now, { orders: 400 }, new Set(hours));
    const clash = again.orders.flatMap((o) => (o.reservation ? o.reservation.hours.map((h) => `${o.reservation!.itemId}:${o.reservation!.day}:${h}`) : [])).filter((key) => hours.includes(key));
    expect(clash).toEqual([]);
  });

  it('reads an item\'s turnaround, and moves a time to the next opening', () => {
    expect(turnaroundDays('3–5 个工作日')).toEqual([3, 5]);
    expect(turnaroundDays('按预约时段')).toEqual([3, 5]);
    // Saturday 19:00 Shanghai → Monday 9:00 (Sunday closed)
    expect(new Date(workingAt(new Date('2026-12-05T11:00:00Z').getTime())).toISOString()).toBe('2026-12-07T01:00:00.000Z');
    // Tuesday 8:10 → 9:00 the same day; 10:00 stays
    expect(new Date(workingAt(new Date('2026-12-08T00:10:00Z').getTime())).toISOString()).toBe('2026-12-08T01:00:00.000Z');
    expect(new Date(workingAt(new Date('2026-12-08T02:00:00Z').getTime())).toISOString()).toBe('2026-12-08T02:00:00.000Z');
  });
});
