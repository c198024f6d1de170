import { and, asc, desc, eq, gte, inArray, lt, or, sql, type SQL } from 'drizzle-orm';
import {
  ONLINE_PAY_PURPOSE_NAMES,
  ONLINE_PAY_STATE_NAMES,
  ONLINE_REFUND_STATE_NAMES,
  PAY_VENDOR_NAMES,
  labDayEnd,
  labDayStart,
  labNow,
  type OnlineToday,
  type AdminOnlinePayment,
  type AdminOnlinePaymentDetail,
  type AdminOnlinePaymentExportQuery,
  type AdminOnlinePaymentListBody,
  type AdminOnlineRefund,
  type AdminOnlineRefundExportQuery,
  type AdminOnlineRefundListBody,
  type Page,
} from '@lab/contract';
import type { Db, DbOrTx } from '../../db/client';
import { conflict, notFound } from '../../platform/errors';
import { auditEntity } from '../../platform/audit';
import type { PaymentProviders } from '../../platform/providers';
import type { GatewayRefund } from '../../platform/providers/payment-gateway';
import { onlinePaymentOrders, onlinePayments, onlineRefunds } from './payments.tables';
import { paginate } from '../../db/paginate';
import { memberContacts, namedMembers } from '../accounts';
import { entriesByReferences } from '../funds';
import { communityNames } from '../member';
import { orderIdsByNo, orderNosOf } from '../orders';
import { applyRefundState, askGatewayAboutRefund } from './online-refunds';
import { orderNosOfPayments, paymentReference, refundReference, type PaymentRow, type RefundRow } from './online-pay-core';
import { dayRange } from '../../platform/sql-filters';
import { EXPORT_MAX_ROWS } from '../../platform/xlsx';

/**
 * 财务管理 → 在线支付 and 退款记录 (contract/admin-payments.ts): the payments and refunds as
 * server tables, a payment's detail with its refunds and ledger entries, the exports, and a
 * refund asked about at the gateway now.
 */


const NO_MEMBER = { rid: '', phone: '', name: '', company: null };

/** The orders a keyword names by number (printed in capitals, so the upper-cased keyword counts too). */
const ordersNumbered = (db: DbOrTx, keyword: string) => orderIdsByNo(db, [...new Set([keyword, keyword.toUpperCase()])]);

/** A keyword: the member's phone (or its beginning) or name, or one of the record's numbers. */
async function keywordWhere(db: DbOrTx, keyword: string | undefined, numbers: SQL[]): Promise<SQL | undefined> {
  if (!keyword) return undefined;
  const named = await namedMembers(db, keyword);
  return or(named.in(onlinePayments.memberId), ...numbers) ?? sql`false`;
}

async function paymentWhere(db: DbOrTx, q: AdminOnlinePaymentExportQuery): Promise<SQL | undefined> {
  const keyword = q.keyword;
  const orderIds = keyword ? await ordersNumbered(db, keyword) : [];
  const numbers = keyword
    ? [
        inArray(onlinePayments.paymentNo, [keyword, keyword.toUpperCase()]),
        eq(onlinePayments.tradeNo, keyword),
        orderIds.length ? inArray(onlinePayments.id, db.select({ id: onlinePaymentOrders.paymentId }).from(onlinePaymentOrders).where(inArray(onlinePaymentOrders.orderId, orderIds))) : undefined,
      ].filter((c): c is SQL => c !== undefined)
    : [];
  return and(
    dayRange(onlinePayments.createdAt, q.from, q.to),
    q.vendor ? eq(onlinePayments.vendor, q.vendor) : undefined,
    q.state ? eq(onlinePayments.state, q.state) : undefined,
    q.purpose ? eq(onlinePayments.purpose, q.purpose) : undefined,
    await keywordWhere(db, keyword, numbers),
  );
}

const paymentOrder = (q: AdminOnlinePaymentExportQuery) => {
  const column = q.sort === 'paidAt' ? onlinePayments.paidAt : q.sort === 'amountFen' ? onlinePayments.amountFen : onlinePayments.createdAt;
  const dir = q.order === 'ascend' ? asc : desc;
  return [dir(column), dir(onlinePayments.id)];
};

async function toPaymentViews(db: DbOrTx, rows: PaymentRow[]): Promise<AdminOnlinePayment[]> {
  const ids = rows.map((r) => r.id);
  const [people, links, refunds, groups] = await Promise.all([
    memberContacts(db, rows.map((r) => r.memberId), 'refs'),
    orderNosOfPayments(db, ids),
    ids.length
      ? db
          .select({ paymentId: onlineRefunds.paymentId, state: onlineRefunds.state, fen: sql<string>`sum(${onlineRefunds.amountFen})` })
          .from(onlineRefunds)
          .where(inArray(onlineRefunds.paymentId, ids))
          .groupBy(onlineRefunds.paymentId, onlineRefunds.state)
      : [],
    communityNames(db, rows.filter((r) => r.fundsKind === 'community').map((r) => r.fundsId)),
  ]);
  return rows.map((r) => {
    const refunded = (state: string) => Number(refunds.find((f) => f.paymentId === r.id && f.state === state)?.fen ?? 0);
    const member = people.get(r.memberId);
    return {
      paymentNo: r.paymentNo,
      member: member ?? NO_MEMBER,
      purpose: r.purpose,
      purposeText: ONLINE_PAY_PURPOSE_NAMES[r.purpose],
      vendor: r.vendor,
      vendorText: PAY_VENDOR_NAMES[r.vendor],
      scene: r.scene,
      provider: r.provider,
      state: r.state,
      stateText: ONLINE_PAY_STATE_NAMES[r.state],
      amountFen: Number(r.amountFen),
      balanceFen: Number(r.balanceFen),
      bonusFen: Number(r.bonusFen),
      refundedFen: refunded('success'),
      refundingFen: refunded('processing'),
      tradeNo: r.tradeNo,
      orderNos: links.get(r.id) ?? [],
      fundsText: r.fundsKind === 'member' ? '个人预存款' : `团体「${groups.get(r.fundsId) ?? ''}」预存款`,
      bookedBy: r.bookedBy,
      note: r.note,
      createdAt: r.createdAt.toISOString(),
      paidAt: r.paidAt?.toISOString() ?? null,
      closedAt: r.closedAt?.toISOString() ?? null,
    };
  });
}

/** payments/list, with today's online money by channel above it (issue 31: finance could not see it totalled) */
export async function adminListPayments(db: DbOrTx, query: AdminOnlinePaymentListBody, now: Date): Promise<Page<AdminOnlinePayment> & { today: OnlineToday }> {
  const where = await paymentWhere(db, query);
  const [page, today] = await Promise.all([
    paginate(
      query,
      (w) => db.select().from(onlinePayments).where(where).orderBy(...paymentOrder(query)).limit(w.limit).offset(w.offset),
      () => db.$count(onlinePayments, where),
      (rows) => toPaymentViews(db, rows),
    ),
    onlineToday(db, now),
  ]);
  return { ...page, today };
}

/** The payments paid on the lab's today, counted and summed per channel (every channel listed, 0 when none). */
export async function onlineToday(db: DbOrTx, now: Date): Promise<OnlineToday> {
  const day = labNow(now).date;
  const rows = await db
    .select({ vendor: onlinePayments.vendor, count: sql<number>`count(*)::int`, amountFen: sql<string>`coalesce(sum(${onlinePayments.amountFen}), 0)` })
    .from(onlinePayments)
    .where(and(eq(onlinePayments.state, 'paid'), gte(onlinePayments.paidAt, labDayStart(day)), lt(onlinePayments.paidAt, labDayEnd(day))))
    .groupBy(onlinePayments.vendor);
  const channels = (['wechat', 'alipay'] as const).map((vendor) => {
    const row = rows.find((r) => r.vendor === vendor);
    return { vendor, vendorText: PAY_VENDOR_NAMES[vendor], count: Number(row?.count ?? 0), amountFen: Number(row?.amountFen ?? 0) };
  });
  return { day, channels, totalFen: channels.reduce((n, c) => n + c.amountFen, 0) };
}

/** payments/export: the list's rows, unpaged. */
export async function paymentsForExport(db: DbOrTx, query: AdminOnlinePaymentExportQuery): Promise<AdminOnlinePayment[]> {
  const rows = await db.select().from(onlinePayments).where(await paymentWhere(db, query)).orderBy(...paymentOrder(query)).limit(EXPORT_MAX_ROWS);
  return toPaymentViews(db, rows);
}

// ---- refunds ----

type RefundJoin = { refund: RefundRow; payment: PaymentRow };

async function refundWhere(db: DbOrTx, q: AdminOnlineRefundExportQuery): Promise<SQL | undefined> {
  const keyword = q.keyword;
  const orderIds = keyword ? await ordersNumbered(db, keyword) : [];
  const numbers = keyword
    ? [
        inArray(onlineRefunds.refundNo, [keyword, keyword.toUpperCase()]),
        inArray(onlinePayments.paymentNo, [keyword, keyword.toUpperCase()]),
        orderIds.length ? inArray(onlineRefunds.orderId, orderIds) : undefined,
      ].filter((c): c is SQL => c !== undefined)
    : [];
  return and(
    dayRange(onlineRefunds.createdAt, q.from, q.to),
    q.vendor ? eq(onlinePayments.vendor, q.vendor) : undefined,
    q.state ? eq(onlineRefunds.state, q.state) : undefined,
    await keywordWhere(db, keyword, numbers),
  );
}

const refundOrder = (q: AdminOnlineRefundExportQuery) => {
  const dir = q.order === 'ascend' ? asc : desc;
  return [dir(q.sort === 'amountFen' ? onlineRefunds.amountFen : onlineRefunds.createdAt), dir(onlineRefunds.id)];
};

const refundSelect = (db: DbOrTx) =>
  db
    .select({ refund: onlineRefunds, payment: onlinePayments })
    .from(onlineRefunds)
    .innerJoin(onlinePayments, eq(onlinePayments.id, onlineRefunds.paymentId));

async function toRefundViews(db: DbOrTx, rows: RefundJoin[]): Promise<AdminOnlineRefund[]> {
  const [people, orderNos] = await Promise.all([
    memberContacts(db, rows.map((r) => r.payment.memberId), 'refs'),
    orderNosOf(db, rows.flatMap((r) => (r.refund.orderId === null ? [] : [r.refund.orderId]))),
  ]);
  return rows.map(({ refund, payment }) => {
    const orderNo = refund.orderId === null ? null : (orderNos.get(refund.orderId) ?? null);
    return {
      refundNo: refund.refundNo,
      paymentNo: payment.paymentNo,
      member: people.get(payment.memberId) ?? NO_MEMBER,
      vendor: payment.vendor,
      vendorText: PAY_VENDOR_NAMES[payment.vendor],
      orderNo,
      amountFen: Number(refund.amountFen),
      state: refund.state,
      stateText: ONLINE_REFUND_STATE_NAMES[refund.state],
      refundId: refund.refundId,
      reason: refund.reason,
      attempts: refund.attempts,
      lastError: refund.lastError,
      createdAt: refund.createdAt.toISOString(),
      requestedAt: refund.requestedAt?.toISOString() ?? null,
      succeededAt: refund.succeededAt?.toISOString() ?? null,
    };
  });
}

/** payments/refund/list */
export async function adminListRefunds(db: DbOrTx, query: AdminOnlineRefundListBody): Promise<Page<AdminOnlineRefund>> {
  const where = await refundWhere(db, query);
  return paginate(
    query,
    (w) => refundSelect(db).where(where).orderBy(...refundOrder(query)).limit(w.limit).offset(w.offset),
    async () => {
      const [row] = await db
        .select({ n: sql<number>`count(*)::int` })
        .from(onlineRefunds)
        .innerJoin(onlinePayments, eq(onlinePayments.id, onlineRefunds.paymentId))
        .where(where);
      return Number(row?.n ?? 0);
    },
    (rows) => toRefundViews(db, rows),
  );
}

export async function refundsForExport(db: DbOrTx, query: AdminOnlineRefundExportQuery): Promise<AdminOnlineRefund[]> {
  const rows = await refundSelect(db).where(await refundWhere(db, query)).orderBy(...refundOrder(query)).limit(EXPORT_MAX_ROWS);
  return toRefundViews(db, rows);
}

async function findRefund(db: DbOrTx, refundNo: string): Promise<RefundJoin> {
  const [row] = await refundSelect(db).where(eq(onlineRefunds.refundNo, refundNo)).limit(1);
  if (!row) throw notFound('退款记录');
  return row;
}

/** What the gateway answered about a refund (asked before the call's transaction opened). */
export type RefundAnswer = { refundNo: string; sent: boolean; answer: GatewayRefund | null; error: string };

/**
 * payments/refund/query, the gateway's part: a refund still processing is sent to the gateway when
 * it was not yet (as the refunds job would), else asked about. No write of ours here: the call's
 * transaction records the answer (recordRefundAnswer). A closed or abnormal refund is finance's to
 * handle at the merchant platform.
 */
export async function askRefund(db: DbOrTx, providers: PaymentProviders, origin: string, refundNo: string): Promise<RefundAnswer> {
  const { refund, payment } = await findRefund(db, refundNo);
  if (refund.state !== 'processing') throw conflict(`该退款${ONLINE_REFUND_STATE_NAMES[refund.state]}，${refund.state === 'success' ? '无需查询' : '请在商户平台处理'}`);
  const provider = providers[payment.vendor];
  if (provider.name !== payment.provider) throw conflict('该退款的支付渠道配置已变更，请在商户平台查询');
  try {
    return { refundNo, ...(await askGatewayAboutRefund(provider, refund, payment, origin)), error: '' };
  } catch (error) {
    return { refundNo, sent: !refund.requestedAt, answer: null, error: (error instanceof Error ? error.message : String(error)).slice(0, 500) };
  }
}

/** payments/refund/query, our part: the answer recorded (moved forward only, pay-core's applyRefundState). */
export async function recordRefundAnswer(db: Db, asked: RefundAnswer, now: Date): Promise<AdminOnlineRefund> {
  const { refund } = await findRefund(db, asked.refundNo);
  if (asked.error) {
    await db.update(onlineRefunds).set({ attempts: sql`${onlineRefunds.attempts} + 1`, lastError: asked.error, updatedAt: now }).where(eq(onlineRefunds.id, refund.id));
  } else {
    if (asked.sent) {
      await db
        .update(onlineRefunds)
        .set({ requestedAt: now, attempts: sql`${onlineRefunds.attempts} + 1`, lastError: '', refundId: asked.answer?.refundId ?? null, updatedAt: now })
        .where(and(eq(onlineRefunds.id, refund.id), sql`${onlineRefunds.requestedAt} is null`));
    }
    if (asked.answer) await applyRefundState(db, asked.answer, now);
  }
  return (await toRefundViews(db, [await findRefund(db, asked.refundNo)]))[0]!;
}

/** Both parts at once, outside any call (tests, scripts). */
export async function queryRefundNow(db: Db, providers: PaymentProviders, origin: string, refundNo: string, now: Date): Promise<AdminOnlineRefund> {
  return recordRefundAnswer(db, await askRefund(db, providers, origin, refundNo), now);
}

// ---- detail ----

/** payments/detail: the payment, its refunds, and the ledger entries it and its refunds booked. */
export async function adminPaymentDetail(db: DbOrTx, paymentNo: string): Promise<AdminOnlinePaymentDetail> {
  const [row] = await db.select().from(onlinePayments).where(eq(onlinePayments.paymentNo, paymentNo)).limit(1);
  if (!row) throw notFound('支付记录');
  const [payment] = await toPaymentViews(db, [row]);
  const refundRows = await refundSelect(db).where(eq(onlineRefunds.paymentId, row.id)).orderBy(asc(onlineRefunds.id));
  const references = [paymentReference(row.paymentNo), ...refundRows.map((r) => refundReference(r.refund.refundNo))];
  const owners = [{ kind: row.fundsKind, id: row.fundsId }, { kind: 'member' as const, id: row.memberId }];
  const entries = await entriesByReferences(db, owners, ['online_pay', 'online_refund', 'bonus'], references);
  return { payment: payment!, refunds: await toRefundViews(db, refundRows), entries };
}

/** 在线退款 by refund number, as the audit log keeps it. */
export const onlineRefundAudit = auditEntity<string>('onlineRefund', async (db, refundNo) => {
  const [row] = await db.select().from(onlineRefunds).where(eq(onlineRefunds.refundNo, String(refundNo))).limit(1);
  if (!row) return null;
  return { refundNo: row.refundNo, amountFen: row.amountFen, state: row.state, refundId: row.refundId, requestedAt: row.requestedAt, attempts: row.attempts, lastError: row.lastError, succeededAt: row.succeededAt };
});
