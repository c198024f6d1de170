import { and, asc, eq } from 'drizzle-orm';
import { formatFen, packPieceLabels, type PackPieceKind } from '@lab/contract';
import type { DbOrTx } from '../db/client';
import { orderCardStatements } from '../areas/grants';
import { orderFiles } from '../areas/orders/orders.tables';
import { type PackTemplate, type PlannedPiece, type Scope, due, safeName, extOf, orderInvoices, type InvoiceRow, invoiceFile, orderAgreement } from './reimbursement-pack-scope';

/** The reimbursement pack's plan (decisions/0050): each piece a template asks for, present or missing. */

/** Each piece of the pack under the template: present or missing (with why), required or not, its name in the ZIP. */
export async function planPack(db: DbOrTx, scope: Scope, template: PackTemplate): Promise<{ pieces: PlannedPiece[]; missing: string[]; totalFen: number }> {
  const { contractFromFen, proofFromFen, name } = template.view;
  const totalFen = scope.orders.reduce((sum, o) => sum + due(o), 0);
  const pieces: PlannedPiece[] = [];
  const missing: string[] = [];
  const add = (piece: Omit<PlannedPiece, 'label'> & { label?: string }) => {
    if (template.leaves.includes(piece.kind) && piece.kind !== 'cover') return;
    const full = { ...piece, label: piece.label ?? packPieceLabels[piece.kind] };
    pieces.push(full);
    if (!full.present && full.required) missing.push(`${full.orderNo ? `订单 ${full.orderNo}：` : ''}${full.note}`);
  };
  const need = (kind: Exclude<PackPieceKind, 'cover'>) => template.requires(kind, totalFen);

  if (!scope.orders.length) missing.push(scope.invoice ? '该开票申请为预存款发票，未对应订单；请在订单上下载报销材料' : '该期间没有可报销的订单');
  add({ kind: 'cover', orderNo: null, name: '00-报销材料封面.pdf', present: true, required: true, note: '委托方、订单、金额（大写）与所附文件清单', source: null });

  // the invoices: the one asked for, or each order's (one invoice over several orders is one file)
  const invoices = new Map<number, InvoiceRow>();
  if (scope.invoice) {
    const inv = scope.invoice;
    invoices.set(inv.id, inv);
    const source = invoiceFile(inv);
    add({
      kind: 'invoice',
      orderNo: null,
      name: source ? `01-发票-${safeName(inv.invoiceNo ?? inv.rid)}${extOf(inv.fileType, inv.fileName ?? '')}` : '',
      present: Boolean(source),
      required: need('invoice'),
      note: source ? `发票号 ${inv.invoiceNo ?? ''}` : inv.status === 'pending' ? '发票尚在开具中，开具后即可下载' : '该开票申请未开具发票',
      source,
    });
  }

  let n = 1;
  for (const order of scope.orders) {
    const dir = `${order.orderNo}/`;
    const no = order.orderNo;
    if (order.progress === 'cancelled') {
      missing.push(`订单 ${no}：已取消，不能报销`);
      continue;
    }
    add({ kind: 'statement', orderNo: no, name: `${dir}1-测试明细清单.pdf`, present: true, required: need('statement'), note: '盖章，含项目、样品、单价、金额与大写合计', source: { seal: 'statement', order } });

    if (!scope.invoice) {
      const { apps, viaTopups } = await orderInvoices(db, order);
      const issued = apps.filter((a) => invoiceFile(a));
      if (issued.length) {
        for (const app of issued) {
          if (invoices.has(app.id)) continue;
          invoices.set(app.id, app);
          add({
            kind: 'invoice',
            orderNo: apps.length === 1 && !viaTopups ? no : null,
            name: `0${n++}-发票-${safeName(app.invoiceNo ?? app.rid)}${extOf(app.fileType, app.fileName ?? '')}`,
            present: true,
            required: need('invoice'),
            note: viaTopups ? `预存款充值发票 ${app.invoiceNo ?? ''}` : `发票号 ${app.invoiceNo ?? ''}`,
            source: invoiceFile(app),
          });
        }
      } else {
        const pending = apps.some((a) => a.status === 'pending');
        add({
          kind: 'invoice',
          orderNo: no,
          name: '',
          present: false,
          required: need('invoice'),
          note: pending ? '发票申请审核中，尚未开具' : viaTopups ? '由预存款支付，对应的预存充值尚未开具发票' : '尚未开具发票，请先申请开票',
          source: null,
        });
      }
    }

    const agreement = await orderAgreement(db, order);
    const agreementNeeded = need('agreement');
    add({
      kind: 'agreement',
      orderNo: no,
      name: agreement ? `${dir}2-委托检测服务协议${agreement.ext}` : '',
      present: Boolean(agreement),
      required: agreementNeeded,
      note: agreement
        ? '已签署'
        : contractFromFen === 0
          ? `${name}须附已签署的委托检测服务协议（合同），该订单尚未签署`
          : `报销金额满 ${formatFen(contractFromFen)} 须附已签署的委托检测服务协议（测试合同），该订单尚未签署`,
      source: agreement?.source ?? null,
    });

    const paid = order.payment === 'paid';
    add({
      kind: 'payment',
      orderNo: no,
      name: paid ? `${dir}3-付款证明.pdf` : '',
      present: paid,
      required: need('payment'),
      note: paid
        ? '盖章，含支付渠道、交易号、时间与金额'
        : proofFromFen === 0
          ? `尚未支付，无付款证明（${name}须附付款证明）`
          : `尚未支付，无付款证明（报销金额满 ${formatFen(proofFromFen)} 须附付款证明）`,
      source: paid ? { seal: 'payment_proof', order } : null,
    });

    const reports = await db
      .select()
      .from(orderFiles)
      .where(and(eq(orderFiles.orderId, order.id), eq(orderFiles.kind, 'report')))
      .orderBy(asc(orderFiles.createdAt), asc(orderFiles.id));
    if (!reports.length) add({ kind: 'report', orderNo: no, name: '', present: false, required: need('report'), note: '尚无检测报告，报告上传后方可报销', source: null });
    reports.forEach((file, i) => {
      const base = safeName(file.name);
      const ext = extOf(file.type, file.storedName);
      add({
        kind: 'report',
        orderNo: no,
        name: `${dir}4-检测报告-${i + 1}-${base.toLowerCase().endsWith(ext) ? base : base + ext}`,
        present: true,
        required: need('report'),
        note: file.name,
        source: { stored: { kind: 'reports', name: file.storedName } },
      });
    });
  }
  // an order paid with a grant card: its 经费卡对账单 (the rows of the pack's orders on that card), beside its papers
  const live = scope.orders.filter((o) => o.progress !== 'cancelled');
  for (const statement of await orderCardStatements(db, live.map((o) => o.id))) {
    const one = statement.orderIds.length === 1 ? live.find((o) => o.id === statement.orderIds[0]) : undefined;
    add({
      kind: 'grant',
      orderNo: one?.orderNo ?? null,
      name: `${one ? `${one.orderNo}/5-` : '02-'}经费卡对账单-${safeName(statement.number)}.xlsx`,
      present: true,
      required: false,
      note: `经费卡「${statement.name}」（${statement.number}）的扣款与退款`,
      source: { made: statement.build },
    });
  }
  // the pack's own papers first (cover, invoices), then each order's folder
  const rank = (p: PlannedPiece) => (p.kind === 'cover' ? 0 : p.kind === 'invoice' ? 1 : 2);
  return { pieces: pieces.map((p, i) => ({ p, i })).sort((a, b) => rank(a.p) - rank(b.p) || a.i - b.i).map(({ p }) => p), missing, totalFen };
}
