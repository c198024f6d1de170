import { and, asc, eq, ne, sql } from 'drizzle-orm';
import {
  PROMISE_CALL_MINUTES,
  PROMISE_NOTICE_MINUTES,
  PROMISE_RETURN_MINUTES,
  unsettledDaysOf,
  type AdminDashboard,
  type PromiseRisk,
} from '@lab/contract';
import { queryRows, type DbOrTx } from '../db/client';
import { members, orders } from '../db/schema';
import { labDay, labDayStart } from '@lab/contract';
import { riskCondition } from '../areas/orders';

const RISK_LIMIT = 20;

type Counts = AdminDashboard['counts'];

interface RiskRow {
  order_no: string;
  title: string;
  member_name: string | null;
  nickname: string;
  phone: string;
  since: Date | string;
}

const minutes = (n: number) => n * 60_000;
const asDate = (value: Date | string) => (value instanceof Date ? value : new Date(value));

function toRisk(row: RiskRow, promiseMinutes: number, now: Date): PromiseRisk {
  const since = asDate(row.since);
  const dueAt = new Date(since.getTime() + minutes(promiseMinutes));
  return {
    orderNo: row.order_no,
    title: row.title,
    memberName: row.member_name ?? row.nickname,
    memberPhone: row.phone,
    since: since.toISOString(),
    dueAt: dueAt.toISOString(),
    overdue: dueAt <= now,
  };
}

/**
 * The back office's first screen: today's work in one round trip of counts, and the orders
 * whose service promise (PRODUCT.md) is due within half an hour or already missed — the
 * manager's call after the sample arrived, the data notice after delivery — and the samples
 * to send back within 48 hours of full payment; and the pay-after-test orders delivered but not
 * yet paid (待结算提醒), which sales follow up while the member keeps the report; and how many
 * promises the promise job recorded as missed in the last 30 days.
 */
export async function getDashboard(db: DbOrTx, now: Date): Promise<AdminDashboard> {
  const today = labDay(now);
  const todayStart = labDayStart(today).toISOString();
  const monthAgo = new Date(now.getTime() - 30 * 24 * 3600_000).toISOString();
  const [counts] = await queryRows<Record<keyof Counts, number | string>>(
    db,
    sql`select
      (select count(*) from orders where created_at >= ${todayStart}::timestamptz) as "newOrdersToday",
      (select count(*) from orders where progress = 'awaiting_sample') as "samplesExpected",
      (select count(*) from samplings where status = 'pending' and pickup_date = ${today}::date) as "pickupsToday",
      (select count(*) from samplings where status = 'pending' and pickup_date < ${today}::date) as "pickupsOverdue",
      (select count(*) from orders where progress in ('received', 'testing')) as "inLab",
      (select count(*) from prestore_applications where status = 'pending') as "pendingTopUps",
      (select count(*) from invoice_applications where status = 'pending') as "pendingInvoices",
      (select count(*) from transfer_applications where status = 'pending') as "pendingTransfers",
      (select count(*) from rebate_withdrawals where status = 'pending') as "pendingWithdrawals",
      (select count(*) from credit_applications where status = 'pending') as "pendingCredit",
      (select count(*) from member_profiles where review_status = 'pending') as "pendingAttestations",
      (select count(*) from communities where review_status = 'pending' and status = 'active') as "pendingCommunities",
      (select count(*) from promoter_applications where status = 'pending') as "pendingPartners",
      (select count(*) from consultations where status = 'pending') as "pendingConsultations",
      (select count(*) from sample_recycles where status = 'pending') as "pendingReturns",
      (select count(*) from orders where payment = 'unsettled' and progress <> 'cancelled') as "unsettledOrders",
      (select count(*) from order_promise_misses where due_at >= ${monthAgo}::timestamptz) as "promisesMissed"`,
  );

  // the same rules as the order desk's 承诺预警 filter (orders/order-promises.ts)
  const riskRows = (kind: 'call' | 'notice') => {
    const since = kind === 'call' ? orders.receivedAt : orders.deliveredAt;
    return db
      .select({ order_no: orders.orderNo, title: orders.title, member_name: members.name, nickname: members.nickname, phone: members.phone, since })
      .from(orders)
      .innerJoin(members, eq(members.id, orders.memberId))
      .where(riskCondition(kind, now))
      .orderBy(asc(since))
      .limit(RISK_LIMIT) as Promise<RiskRow[]>;
  };
  const [callRows, noticeRows, returnRows, unsettledRows] = await Promise.all([
    riskRows('call'),
    riskRows('notice'),
    // the 48 hours start when the order is paid in full, or when the member asked, whichever is later
    queryRows<RiskRow>(
      db,
      sql`select coalesce(o.order_no, r.order_no, '') as order_no, coalesce(o.title, r.samples) as title,
                 m.name as member_name, m.nickname, m.phone,
                 greatest(r.created_at, coalesce(o.paid_at, r.created_at)) as since
          from sample_recycles r
          join members m on m.id = r.member_id
          left join orders o on o.order_no = r.order_no and o.member_id = r.member_id
          where r.status = 'pending' and (o.id is null or o.payment = 'paid')
          order by since asc limit ${RISK_LIMIT}`,
    ),
    // pay-after-test orders delivered and still unpaid, the longest waiting first: sales follow them up
    db
      .select({ orderNo: orders.orderNo, title: orders.title, name: members.name, nickname: members.nickname, phone: members.phone, totalFen: orders.totalFen, discountFen: orders.discountFen, deliveredAt: orders.deliveredAt })
      .from(orders)
      .innerJoin(members, eq(members.id, orders.memberId))
      .where(and(eq(orders.payment, 'unsettled'), ne(orders.progress, 'cancelled')))
      .orderBy(asc(orders.deliveredAt), asc(orders.id))
      .limit(RISK_LIMIT),
  ]);

  const numbers = Object.fromEntries(Object.entries(counts ?? {}).map(([name, value]) => [name, Number(value)])) as Counts;
  return {
    today,
    counts: numbers,
    unsettled: unsettledRows.map((row) => {
      const deliveredAt = row.deliveredAt ?? now;
      return {
        orderNo: row.orderNo,
        title: row.title,
        memberName: row.name ?? row.nickname,
        memberPhone: row.phone,
        payableFen: row.totalFen - row.discountFen,
        deliveredAt: deliveredAt.toISOString(),
        days: unsettledDaysOf(deliveredAt, now),
      };
    }),
    risks: {
      callOverdue: callRows.map((row) => toRisk(row, PROMISE_CALL_MINUTES, now)),
      noticeOverdue: noticeRows.map((row) => toRisk(row, PROMISE_NOTICE_MINUTES, now)),
      returnsDue: returnRows.map((row) => toRisk(row, PROMISE_RETURN_MINUTES, now)),
    },
  };
}
