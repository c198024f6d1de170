import { sql } from 'drizzle-orm';
import { formatFen } from '@lab/contract';
import { queryRows, type Tx } from '../db/client';
import { growthSettingSql } from '../areas/growth/settings.service';

/**
 * The history's customers as the services would have left them (decisions/0049, 0055): the
 * consents they gave and the points their paid orders earned, so 隐私与授权 and 我的积分 (and
 * the back office's views of them) read true for them as for anyone. Set-based, in the
 * history's transaction, after its members and orders are written:
 *
 * - consents: 用户协议 and 隐私政策 as in force when they were given — at registration (an SMS
 *   code) when a version was in force then, else at the first login after one took effect
 *   (asked again: re-consent; the last login stands for it); a customer who has not logged in
 *   since has none and is asked at the next login, as listConsentDue says. About a third also
 *   agreed to 营销短信 at registration.
 * - points: each paid order's `order_points` row at the rate in force (floor(yuan) × points per
 *   yuan), credited when the order completed (or when it was paid, for an order settled after
 *   testing), reversed when it was refunded, pending while it is in the lab; the credited ones
 *   are the `points_earn` entries of each customer's points account (reference order:<no>), its
 *   balance their sum.
 */
export async function writeHistoryConsentsAndPoints(tx: Tx, phones: string[]): Promise<{ consents: number; points: number }> {
  const list = sql`(SELECT jsonb_array_elements_text(${JSON.stringify(phones)}::jsonb))`;
  const consents = await queryRows<{ id: number }>(
    tx,
    sql`WITH who AS (
          SELECT m.id, m.phone, m.created_at, m.last_login_at,
            (SELECT min(v.effective_at) FROM agreement_versions v WHERE v.kind IN ('user', 'privacy')) AS first_effective
          FROM members m WHERE m.phone IN ${list}
        ), given AS (
          SELECT id, phone,
            CASE WHEN created_at >= first_effective THEN created_at WHEN last_login_at >= first_effective THEN last_login_at END AS at,
            CASE WHEN created_at >= first_effective THEN 'sms' ELSE 're-consent' END AS channel,
            created_at
          FROM who
        )
        INSERT INTO member_consents (member_id, purpose, version_id, version, granted, channel, created_at)
        SELECT g.id, v.kind, v.id, v.version, true, g.channel, g.at FROM given g
        CROSS JOIN LATERAL (
          SELECT DISTINCT ON (a.kind) a.id, a.kind, a.version FROM agreement_versions a
          WHERE a.kind IN ('user', 'privacy') AND a.effective_at <= g.at ORDER BY a.kind, a.version DESC
        ) v
        WHERE g.at IS NOT NULL
        UNION ALL
        SELECT g.id, 'marketing_sms', NULL, NULL, true, 'sms', g.created_at FROM given g WHERE right(g.phone, 1) IN ('1', '4', '7')
        RETURNING id`,
  );

  // the paid orders' points, at the rate in force (none when it is 0)
  const [rate] = await queryRows<{ rate: number }>(tx, sql`SELECT ${growthSettingSql(tx, 'pointsPerYuan')} AS rate`);
  const perYuan = Number(rate?.rate ?? 0);
  if (perYuan <= 0) return { consents: consents.length, points: 0 };
  const paid = await queryRows<{ id: number; memberId: number; orderNo: string; paidFen: number; paidAt: Date; completedAt: Date | null; cancelledAt: Date | null; progress: string; payment: string }>(
    tx,
    sql`SELECT o.id, o.member_id AS "memberId", o.order_no AS "orderNo", o.paid_fen::bigint AS "paidFen", o.paid_at AS "paidAt", o.completed_at AS "completedAt",
          o.cancelled_at AS "cancelledAt", o.progress, o.payment
        FROM orders o JOIN members m ON m.id = o.member_id
        WHERE m.phone IN ${list} AND o.paid_at IS NOT NULL AND o.paid_fen >= 100
        ORDER BY o.paid_at, o.id`,
  );
  const at = (value: Date | string | null) => (value === null ? null : new Date(value));
  const rows = paid.map((o) => {
    const points = Math.floor(Number(o.paidFen) / 100) * perYuan;
    const paidAt = at(o.paidAt)!;
    const completedAt = at(o.completedAt);
    const status = o.payment === 'refunded' ? 'reversed' : o.progress === 'completed' ? 'credited' : 'pending';
    const creditedAt = status === 'credited' ? new Date(Math.max(paidAt.getTime(), (completedAt ?? paidAt).getTime())) : null;
    return { o, points, status, paidAt, creditedAt, reversedAt: status === 'reversed' ? (at(o.cancelledAt) ?? paidAt) : null };
  });
  await tx.execute(sql`INSERT INTO order_points (member_id, order_id, points, status, created_at, credited_at, reversed_at)
    SELECT r.member_id, r.order_id, r.points, r.status, r.created_at, r.credited_at, r.reversed_at
    FROM json_to_recordset(${JSON.stringify(rows.map((r) => ({ member_id: r.o.memberId, order_id: r.o.id, points: r.points, status: r.status, created_at: r.paidAt, credited_at: r.creditedAt, reversed_at: r.reversedAt })))}::json)
      AS r(member_id int, order_id int, points int, status text, created_at timestamptz, credited_at timestamptz, reversed_at timestamptz)`);

  // the points accounts: one per customer with credited points, its entries in the order they were credited
  const credited = rows.filter((r) => r.creditedAt).sort((a, b) => a.creditedAt!.getTime() - b.creditedAt!.getTime() || a.o.id - b.o.id);
  const balance = new Map<number, number>();
  let entriesSeen = 0;
  const entries = credited.map((r) => {
    const after = (balance.get(r.o.memberId) ?? 0) + r.points;
    balance.set(r.o.memberId, after);
    return { n: entriesSeen++, member_id: r.o.memberId, amount: r.points, after, reference: `order:${r.o.orderNo}`, note: `订单${r.o.orderNo}已完成（实付${formatFen(Number(r.o.paidFen))}）`, at: r.creditedAt };
  });
  const opened = new Map<number, Date>();
  for (const r of credited) if (!opened.has(r.o.memberId)) opened.set(r.o.memberId, r.creditedAt!);
  await tx.execute(sql`INSERT INTO accounts (owner_kind, owner_id, kind, balance_fen, created_at, updated_at)
    SELECT 'member', a.owner_id, 'points', a.balance, a.created_at, a.created_at
    FROM json_to_recordset(${JSON.stringify([...balance].map(([owner_id, total]) => ({ owner_id, balance: total, created_at: opened.get(owner_id) })))}::json)
      AS a(owner_id int, balance bigint, created_at timestamptz)`);
  await tx.execute(sql`INSERT INTO ledger_entries (account_id, amount_fen, balance_after_fen, type, reference, note, actor_kind, created_at)
    SELECT acc.id, e.amount, e.after, 'points_earn', e.reference, e.note, 'system', e.at
    FROM json_to_recordset(${JSON.stringify(entries)}::json) AS e(n int, member_id int, amount bigint, after bigint, reference text, note text, at timestamptz)
    JOIN accounts acc ON acc.owner_kind = 'member' AND acc.owner_id = e.member_id AND acc.kind = 'points'
    ORDER BY e.n`);
  return { consents: consents.length, points: rows.length };
}
