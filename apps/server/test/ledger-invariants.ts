import { sql } from 'drizzle-orm';
import { queryRows, type Db } from '../src/db/client';

/**
 * What PRODUCT.md promises of the money, read straight from the database after concurrent
 * or interrupted traffic. Each query lists the rows that break a promise, as sentences, so
 * `expect(await ledgerProblems(db)).toEqual([])` fails with the culprits named.
 */
export async function ledgerProblems(db: Db): Promise<string[]> {
  const problems: string[] = [];

  // the balance is the sum of the entries, and never below zero
  const accounts = await queryRows<{ id: number; owner: string; balance: string; total: string }>(
    db,
    sql`select a.id, a.owner_kind || ':' || a.owner_id || ':' || a.kind as owner, a.balance_fen::text as balance, coalesce(sum(e.amount_fen), 0)::text as total
        from accounts a left join ledger_entries e on e.account_id = a.id
        group by a.id
        having a.balance_fen <> coalesce(sum(e.amount_fen), 0) or a.balance_fen < 0`,
  );
  for (const a of accounts) problems.push(`account ${a.id} (${a.owner}) holds ${a.balance} but its entries sum to ${a.total}`);

  // every entry's balance-after follows from the one before it (entries of an account are booked under its row lock, in id order)
  const chain = await queryRows<{ id: number; account_id: number; after: string; running: string }>(
    db,
    sql`select id, account_id, after::text, running::text from (
          select id, account_id, balance_after_fen as after, sum(amount_fen) over (partition by account_id order by id) as running
          from ledger_entries) x
        where after <> running or after < 0`,
  );
  for (const e of chain) problems.push(`entry ${e.id} of account ${e.account_id} says balance ${e.after} after it, the entries up to it sum to ${e.running}`);

  // an order is paid exactly when one payment of what it says it paid left the funds
  const orders = await queryRows<{ order_no: string; payment: string; paid_fen: string; entries: number; amount: string }>(
    db,
    sql`select o.order_no, o.payment, o.paid_fen::text, count(e.id)::int as entries, coalesce(sum(e.amount_fen), 0)::text as amount
        from orders o left join ledger_entries e on e.reference = 'order:' || o.order_no and e.type = 'payment'
        group by o.id
        having count(e.id) > 1
          or (o.payment = 'paid' and o.paid_fen > 0 and (count(e.id) <> 1 or coalesce(sum(e.amount_fen), 0) <> -o.paid_fen))
          or (o.payment in ('unpaid', 'unsettled') and count(e.id) > 0)`,
  );
  for (const o of orders) problems.push(`order ${o.order_no} is ${o.payment} (paid ${o.paid_fen}) with ${o.entries} payment entries of ${o.amount}`);

  // a top-up is confirmed exactly when its amount (and its bonus, if any) were booked, once
  const topUps = await queryRows<{ rid: string; status: string; amount_fen: string; bonus_fen: string; topups: number; topped: string; bonuses: number; bonused: string }>(
    db,
    sql`select p.rid, p.status, p.amount_fen::text, p.bonus_fen::text,
          count(e.id) filter (where e.type = 'topup')::int as topups, coalesce(sum(e.amount_fen) filter (where e.type = 'topup'), 0)::text as topped,
          count(e.id) filter (where e.type = 'bonus')::int as bonuses, coalesce(sum(e.amount_fen) filter (where e.type = 'bonus'), 0)::text as bonused
        from prestore_applications p left join ledger_entries e on e.reference = 'prestore:' || p.rid
        group by p.id
        having (p.status = 'confirmed' and (count(e.id) filter (where e.type = 'topup') <> 1
                  or coalesce(sum(e.amount_fen) filter (where e.type = 'topup'), 0) <> p.amount_fen
                  or coalesce(sum(e.amount_fen) filter (where e.type = 'bonus'), 0) <> p.bonus_fen
                  or count(e.id) filter (where e.type = 'bonus') > 1))
          or (p.status <> 'confirmed' and count(e.id) > 0)`,
  );
  for (const p of topUps) {
    problems.push(`top-up ${p.rid} is ${p.status} (${p.amount_fen} + bonus ${p.bonus_fen}) with ${p.topups} top-up entries of ${p.topped} and ${p.bonuses} bonus entries of ${p.bonused}`);
  }

  // a coupon is spent exactly when the order it went to paid, with the coupon's discount
  const coupons = await queryRows<{ rid: string; status: string; used_reference: string | null; order_no: string | null; payment: string | null }>(
    db,
    sql`select c.rid, c.status, c.used_reference, o.order_no, o.payment
        from member_coupons c left join orders o on o.coupon_id = c.id or c.used_reference = 'order:' || o.order_no
        where (c.status = 'used' and c.used_reference like 'order:%' and (o.id is null or o.payment in ('unpaid', 'unsettled')))
           or (o.payment = 'paid' and o.coupon_id = c.id and (c.status <> 'used' or c.used_reference <> 'order:' || o.order_no or c.discount_fen <> o.discount_fen))`,
  );
  for (const c of coupons) problems.push(`coupon ${c.rid} is ${c.status} for ${c.used_reference ?? 'nothing'} while order ${c.order_no ?? '(none)'} is ${c.payment ?? '-'}`);
  return problems;
}

/** The member's prepaid (预存款) balance; 0 when the account was never opened. */
export async function prestoreBalance(db: Db, memberId: number): Promise<number> {
  const [row] = await queryRows<{ balance: string }>(
    db,
    sql`select balance_fen::text as balance from accounts where owner_kind = 'member' and owner_id = ${memberId} and kind = 'prestore'`,
  );
  return Number(row?.balance ?? 0);
}

/** Payment entries booked for an order (its reference order:<no>). */
export async function paymentEntries(db: Db, orderNo: string): Promise<{ id: number; amount: number }[]> {
  const rows = await queryRows<{ id: number; amount: string }>(
    db,
    sql`select id, amount_fen::text as amount from ledger_entries where type = 'payment' and reference = ${`order:${orderNo}`}`,
  );
  return rows.map((r) => ({ id: r.id, amount: Number(r.amount) }));
}
