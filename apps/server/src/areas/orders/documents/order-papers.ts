import { asc, eq } from 'drizzle-orm';
import { formatFen, labDay, paymentLabels, progressLabels } from '@lab/contract';
import type { Db, DbOrTx } from '../../../db/client';
import { conflict } from '../../../platform/errors';
import { memberContact } from '../../accounts';
import { getSiteSettings } from '../../content';
import { getFundsSettings } from '../../funds';
import { findMemberOrder, type OrderRow } from '../order-core';
import { orderLines } from '../orders.tables';
import type { SealedPdfSpec } from '../../../platform/sealed-pdf';
import { issueDocument, type DocumentDeps, type SealedDocumentRow } from './documents.service';

/**
 * The papers of one order a member downloads sealed: the 测试明细清单 (items, samples, unit prices,
 * amounts, total in 大写) and, for a pay-after-test order, the 缴费通知书 a teacher hands to the
 * university's finance office (校内转账 to the lab's account, the order number as the reference).
 */
const LAB_FALLBACK = { address: '上海市徐汇区桂平路 680 号 科研检测中心', phone: '400-820-6688' };

async function orderFacts(db: DbOrTx, order: OrderRow) {
  const [site, funds, person, lines] = await Promise.all([
    getSiteSettings(db),
    getFundsSettings(db),
    memberContact(db, order.memberId),
    db.select().from(orderLines).where(eq(orderLines.orderId, order.id)).orderBy(asc(orderLines.sort), asc(orderLines.id)),
  ]);
  const local = site.localInfo;
  const lab = { name: funds.bank.accountName, address: local.address || LAB_FALLBACK.address, phone: local.phone || LAB_FALLBACK.phone };
  const name = person?.name || person?.nickname || order.contact;
  const client = [person?.company, name].filter(Boolean).join(' ');
  const dueFen = order.totalFen - order.discountFen;
  const table = {
    columns: [
      { label: '序号', width: 0.6, align: 'center' as const },
      { label: '检测项目与条件', width: 3.0 },
      { label: '样品编号', width: 2.7 },
      { label: '数量', width: 0.9, align: 'right' as const },
      { label: '单价', width: 1.2, align: 'right' as const },
      { label: '金额', width: 1.3, align: 'right' as const },
    ],
    rows: lines.map((l, i) => [
      String(i + 1),
      [l.name, ...l.options.map((o) => `${o.name}：${o.label}`)].join('\n'),
      l.samples.map((s) => (s.name ? `${s.code} ${s.name}` : s.code)).join('\n') || '—',
      `${l.count} ${l.unit}`,
      formatFen(l.unitPriceFen),
      formatFen(l.amountFen),
    ]),
  };
  const totals: [string, number][] = order.discountFen > 0 ? [['项目合计', order.totalFen], ['优惠', -order.discountFen], ['应付金额', dueFen]] : [['应付金额', dueFen]];
  return { lab, bank: funds.bank, client, name, table, totals, dueFen };
}

/** The sealed 测试明细清单 of one of the member's orders (another member's order: 404). */
export async function orderStatement(db: Db, deps: DocumentDeps, memberId: number, orderNo: string, now: Date): Promise<SealedDocumentRow> {
  return orderStatementOf(db, deps, await findMemberOrder(db, memberId, orderNo), now);
}

/**
 * The sealed 测试明细清单 of an order the caller has already found (the reimbursement pack's view checks
 * the order's owner or its paying community's owner); issued in the order's member's name.
 */
export async function orderStatementOf(db: Db, deps: DocumentDeps, order: OrderRow, now: Date): Promise<SealedDocumentRow> {
  const memberId = order.memberId;
  if (order.progress === 'cancelled') throw conflict('已取消的订单不能开具测试明细清单');
  const f = await orderFacts(db, order);
  return issueDocument(
    db,
    deps,
    {
      kind: 'statement',
      memberId,
      orderId: order.id,
      title: `测试明细清单（订单 ${order.orderNo}）`,
      client: f.client,
      amountFen: f.dueFen,
      expiresAt: null,
      spec: {
        title: '测试明细清单',
        lab: f.lab,
        facts: [
          ['委托方', f.client || '—'],
          ['订单编号', order.orderNo],
          // 课题号 (grant number) for the reimbursement, when the order carries one
          ...(order.projectNo ? [['课题号', order.projectNo] as [string, string]] : []),
          ['下单日期', labDay(order.createdAt)],
          ['订单状态', `${progressLabels[order.progress]} · ${paymentLabels[order.payment]}`],
          ['联系人', order.contact || f.name || '—'],
          ['样品数', String(order.sampleCount)],
        ],
        table: f.table,
        totals: f.totals,
        notes: [
          '本清单列明本订单的检测项目、样品与费用，供委托方报销使用，与发票、检测报告配合使用。',
          '金额单位为人民币元；如与发票金额不一致，以实际支付与开票金额为准。',
          '扫描右上角二维码或访问文件底部地址，可核验本清单的真伪与状态。',
        ],
      },
    },
    now,
  );
}

/** The sealed 缴费通知书 of a pay-after-test order not yet paid. */
export async function orderPaymentNotice(db: Db, deps: DocumentDeps, memberId: number, orderNo: string, now: Date): Promise<SealedDocumentRow> {
  const order = await findMemberOrder(db, memberId, orderNo);
  if (order.progress === 'cancelled') throw conflict('已取消的订单不能开具缴费通知书');
  if (order.payment === 'paid' || order.payment === 'refunded') throw conflict('该订单已支付，无需缴费通知书');
  if (!order.payLater) throw conflict('缴费通知书仅用于先测后付订单；本订单请在线支付或使用预存款支付');
  const f = await orderFacts(db, order);
  return issueDocument(
    db,
    deps,
    {
      kind: 'payment_notice',
      memberId,
      orderId: order.id,
      title: `缴费通知书（订单 ${order.orderNo}）`,
      client: f.client,
      amountFen: f.dueFen,
      expiresAt: null,
      spec: {
        title: '缴费通知书',
        lab: f.lab,
        facts: [
          ['缴费单位/人', f.client || '—'],
          ['订单编号', order.orderNo],
          ...(order.projectNo ? [['课题号', order.projectNo] as [string, string]] : []),
          ['收款单位', f.bank.accountName],
          ['开户银行', f.bank.bankName],
          ['银行账号', f.bank.accountNo],
          ['汇款备注', `订单号 ${order.orderNo}`],
        ],
        table: f.table,
        totals: f.totals,
        notes: [
          `请于收到本通知后 30 日内，通过校内转账或对公汇款向上述账户支付 ${formatFen(f.dueFen)}，汇款备注请填写订单号 ${order.orderNo}。`,
          '到账后实验室将确认收款，订单状态变为“已支付”，可在网站申请开具发票。',
          '本通知书为实验室为减少师生报销时间出具的缴费依据，扫描二维码可核验其真伪与状态。',
        ],
      },
    },
    now,
  );
}

/** What a pack's own paper shows (the view that builds the pack draws it from the other areas' figures). */
export interface PackPaperInput {
  kind: 'payment_proof' | 'pack_cover';
  memberId: number;
  /** the order a payment proof is of; null for a cover over several orders */
  orderId: number | null;
  title: string;
  client: string;
  amountFen: number;
  spec: Omit<SealedPdfSpec, 'no' | 'verifyUrl' | 'contentSha256' | 'issuedAt' | 'lab'>;
}

/**
 * A sealed paper of the reimbursement pack (decisions/0050-reimbursement-pack.md): the 付款证明 of one
 * order or the cover sheet of a pack. The lab's name and address are the register's; the same content
 * answers the same file (an order's proof by its order, a cover by the member and content).
 */
export async function sealPackPaper(db: Db, deps: DocumentDeps, input: PackPaperInput, now: Date): Promise<SealedDocumentRow> {
  const [site, funds] = await Promise.all([getSiteSettings(db), getFundsSettings(db)]);
  const local = site.localInfo;
  const lab = { name: funds.bank.accountName, address: local.address || LAB_FALLBACK.address, phone: local.phone || LAB_FALLBACK.phone };
  return issueDocument(
    db,
    deps,
    {
      kind: input.kind,
      memberId: input.memberId,
      orderId: input.orderId,
      title: input.title,
      client: input.client,
      amountFen: input.amountFen,
      expiresAt: null,
      spec: { ...input.spec, lab },
      reuseByContent: input.orderId === null,
    },
    now,
  );
}
