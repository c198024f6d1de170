import { and, asc, desc, eq, isNull, lte } from 'drizzle-orm';
import { entryTypeLabels, fenInWords, formatFen, labTime, PAY_VENDOR_NAMES } from '@lab/contract';
import type { Db, DbOrTx } from '../db/client';
import type { FileStore } from '../platform/providers/file-store';
import type { DocumentSeal } from '../platform/providers/document-seal';
import { sealPackPaper, type OrderRow } from '../areas/orders';
import { accounts, ledgerEntries } from '../areas/funds/ledger.tables';
import { prestoreApplications } from '../areas/funds/prestore.tables';
import { onlinePaymentOrders, onlinePayments } from '../areas/payments/payments.tables';
import { communities } from '../areas/member/member.tables';

/** The sealed 付款证明 of the reimbursement pack (decisions/0050): channel, trade number, ledger lines. */

export interface PackDeps {
  files: FileStore;
  seal: DocumentSeal;
  origin: string;
}


/** The 付款证明 of a paid order: online payments with channel and trade number, the prepaid funds' ledger lines and the top-ups behind them. */
export async function paymentProofSpec(db: DbOrTx, order: OrderRow) {
  const online = await db
    .select({ p: onlinePayments, part: onlinePaymentOrders.amountFen })
    .from(onlinePaymentOrders)
    .innerJoin(onlinePayments, eq(onlinePayments.id, onlinePaymentOrders.paymentId))
    .where(and(eq(onlinePaymentOrders.orderId, order.id), eq(onlinePaymentOrders.paidOrder, true), eq(onlinePayments.state, 'paid')));
  const ledger = await db
    .select({ e: ledgerEntries, ownerKind: accounts.ownerKind, ownerId: accounts.ownerId })
    .from(ledgerEntries)
    .innerJoin(accounts, eq(accounts.id, ledgerEntries.accountId))
    .where(and(eq(ledgerEntries.reference, `order:${order.orderNo}`), eq(accounts.kind, 'prestore')))
    .orderBy(asc(ledgerEntries.id));
  const rows: string[][] = [];
  for (const { p, part } of online) {
    rows.push([labTime(p.paidAt ?? p.createdAt), PAY_VENDOR_NAMES[p.vendor], `交易号 ${p.tradeNo ?? '—'}\n商户单号 ${p.paymentNo}`, formatFen(part)]);
  }
  const ledgerPaid = ledger.filter((l) => l.e.type === 'payment');
  const onlineFen = online.reduce((s, o) => s + o.part, 0);
  const fromFunds = ledgerPaid.reduce((s, l) => s - l.e.amountFen, 0) - onlineFen;
  for (const { e, ownerKind } of ledger) {
    rows.push([labTime(e.createdAt), `${ownerKind === 'community' ? '团体' : '个人'}预存款 · ${entryTypeLabels[e.type]}`, `账务流水 #${e.id}\n${e.note || e.reference}\n余额 ${formatFen(e.balanceAfterFen)}`, formatFen(-e.amountFen)]);
  }
  // the prepaid money came from top-ups finance confirmed: the latest three before the payment
  if (fromFunds > 0 && order.paidFromKind && order.paidFromId !== null && order.paidAt) {
    const topups = await db
      .select()
      .from(prestoreApplications)
      .where(
        and(
          order.paidFromKind === 'community' ? eq(prestoreApplications.communityId, order.paidFromId) : and(eq(prestoreApplications.memberId, order.paidFromId), isNull(prestoreApplications.communityId)),
          eq(prestoreApplications.status, 'confirmed'),
          lte(prestoreApplications.decidedAt, order.paidAt),
        ),
      )
      .orderBy(desc(prestoreApplications.decidedAt))
      .limit(3);
    for (const t of topups) {
      rows.push([labTime(t.decidedAt ?? t.createdAt), '预存申请 · 对公转账（财务已确认到账）', `申请单号 ${t.applyNo}${t.payer ? `\n付款方 ${t.payer}` : ''}`, formatFen(t.amountFen)]);
    }
  }
  let payer = '个人账户';
  if (order.paidFromKind === 'community' && order.paidFromId !== null) {
    const [c] = await db.select({ name: communities.name, unit: communities.unit }).from(communities).where(eq(communities.id, order.paidFromId)).limit(1);
    payer = c ? `科研团体 ${c.unit} ${c.name}` : '科研团体';
  }
  const channel = online.length && fromFunds > 0 ? '在线支付 + 预存款' : online.length ? '在线支付' : '预存款';
  return { rows, payer, channel, paidFen: order.paidFen };
}

/** The sealed 付款证明 of a paid order, in the order's member's name. */
export async function sealProof(db: Db, deps: PackDeps, order: OrderRow, client: string, now: Date) {
  const proof = await paymentProofSpec(db, order);
  return sealPackPaper(
    db,
    deps,
    {
      kind: 'payment_proof',
      memberId: order.memberId,
      orderId: order.id,
      title: `付款证明（订单 ${order.orderNo}）`,
      client,
      amountFen: proof.paidFen,
      spec: {
        title: '付款证明',
        facts: [
          ['订单编号', order.orderNo],
          ['检测项目', order.title],
          ['付款方', proof.payer],
          ['支付方式', proof.channel],
          ['支付时间', order.paidAt ? labTime(order.paidAt) : '—'],
          ['实付金额', `${formatFen(proof.paidFen)}（${fenInWords(proof.paidFen)}）`],
        ],
        table: {
          columns: [
            { label: '时间', width: 1.9 },
            { label: '渠道 / 类型', width: 2.4 },
            { label: '交易号 / 单号', width: 3.3 },
            { label: '金额', width: 1.4, align: 'right' },
          ],
          rows: proof.rows,
        },
        totals: [['实付金额', proof.paidFen]],
        notes: [
          '本证明据实验室收款记录出具：在线支付列明支付渠道与交易号，预存款支付列明账务流水与财务确认到账的预存申请。',
          '扫描二维码可核验本证明的真伪与状态。',
        ],
      },
    },
    now,
  );
}
