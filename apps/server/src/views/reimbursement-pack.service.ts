import { and, asc, desc, eq, gte, inArray, isNull, lt, lte, ne, or } from 'drizzle-orm';
import { assertPackReadable } from './reimbursement-pack-check';
import {
  entryTypeLabels,
  fenInWords,
  formatFen,
  isCalendarDate,
  labDay,
  labDayEnd,
  labDayStart,
  labTime,
  packPieceLabels,
  packTemplateKeys,
  PAY_VENDOR_NAMES,
  type PackPiece,
  type PackPieceKind,
  type PackQuery,
  type PackStatus,
  type PackTemplateKey,
  type PackTemplateView,
} from '@lab/contract';
import type { Db, DbOrTx } from '../db/client';
import { badRequest, conflict, notFound } from '../platform/errors';
import type { FileStore } from '../platform/providers/file-store';
import type { DocumentSeal } from '../platform/providers/document-seal';
import type { StoredKind } from '../platform/files';
import { memberContact } from '../areas/accounts';
import { packTemplates } from '../areas/content';
import { orderStatementOf, sealPackPaper, type OrderRow } from '../areas/orders';
import { orderCardStatements } from '../areas/grants';
import { contracts } from '../areas/orders/requirements.tables';
import { orderFiles, orders } from '../areas/orders/orders.tables';
import { sealedDocuments } from '../areas/orders/documents/documents.tables';
import { invoiceApplicationItems, invoiceApplications } from '../areas/funds/invoices.tables';
import { accounts, ledgerEntries } from '../areas/funds/ledger.tables';
import { prestoreApplications } from '../areas/funds/prestore.tables';
import { onlinePaymentOrders, onlinePayments } from '../areas/payments/payments.tables';
import { communities } from '../areas/member/member.tables';

/**
 * The reimbursement pack (报销材料, decisions/0050-reimbursement-pack.md): a read-only view over
 * orders (lines, reports, agreements, the register of sealed papers), funds (invoices, the ledger,
 * top-up applications) and payments (online trade numbers). `packStatus` says, per template, which
 * pieces are there and every reason one is missing; `preparePack` seals the pack's own papers
 * through orders' face and lists the files the route streams as a ZIP. The view writes no table.
 */

/** What a template asks for at a pack's total (thresholds kept by admin: content's 报销模板). */
interface PackTemplate {
  view: PackTemplateView;
  requires: (kind: Exclude<PackPieceKind, 'cover'>, totalFen: number) => boolean;
  /** pieces it leaves out of the ZIP even when present (创新券: the 清单) */
  leaves: PackPieceKind[];
}

function templateRules(view: PackTemplateView): PackTemplate {
  return {
    view,
    requires: (kind, total) =>
      kind === 'statement' ? view.key === 'default' && total < view.contractFromFen : kind === 'agreement' ? total >= view.contractFromFen : kind === 'payment' ? total >= view.proofFromFen : true,
    leaves: view.key === 'voucher' ? ['statement'] : [],
  };
}

/** A file that goes in the ZIP: a stored one, or a sealed paper issued when the pack is made. */
type PieceSource = { stored: { kind: StoredKind; name: string } } | { seal: 'statement' | 'payment_proof'; order: OrderRow } | { made: () => Promise<Buffer> };

interface PlannedPiece extends PackPiece {
  source: PieceSource | null;
}

interface Scope {
  /** what the pack is of, for the audit row and the file name */
  key: string;
  label: string;
  orders: OrderRow[];
  /** the invoice application the pack was asked for */
  invoice: typeof invoiceApplications.$inferSelect | null;
}

const due = (o: OrderRow) => o.totalFen - o.discountFen;
const safeName = (name: string) => name.replace(/[\\/:*?"<>|\r\n\t]+/g, '_').trim() || '文件';
const extOf = (type: string | null | undefined, name = '') => {
  const m = /\.([A-Za-z0-9]{1,5})$/.exec(name);
  if (m) return `.${m[1]!.toLowerCase()}`;
  return type === 'application/pdf' ? '.pdf' : type === 'image/png' ? '.png' : type === 'image/jpeg' ? '.jpg' : '';
};

/** Whether the member may take this order's papers: its owner, or the owner of the community that paid it. */
async function mayTake(db: DbOrTx, memberId: number, order: OrderRow): Promise<boolean> {
  if (order.memberId === memberId) return true;
  if (order.paidFromKind !== 'community' || order.paidFromId === null) return false;
  const [owner] = await db.select({ id: communities.id }).from(communities).where(and(eq(communities.id, order.paidFromId), eq(communities.ownerMemberId, memberId))).limit(1);
  return Boolean(owner);
}

async function resolveScope(db: DbOrTx, memberId: number, query: PackQuery): Promise<Scope> {
  if (query.order_no) {
    const [order] = await db.select().from(orders).where(eq(orders.orderNo, query.order_no)).limit(1);
    if (!order || !(await mayTake(db, memberId, order))) throw notFound('订单');
    return { key: order.orderNo, label: `订单 ${order.orderNo}`, orders: [order], invoice: null };
  }
  if (query.invoice_rid) {
    const [invoice] = await db
      .select()
      .from(invoiceApplications)
      .where(and(eq(invoiceApplications.rid, query.invoice_rid), eq(invoiceApplications.memberId, memberId)))
      .limit(1);
    if (!invoice) throw notFound('开票申请');
    const items = await db
      .select()
      .from(invoiceApplicationItems)
      .where(and(eq(invoiceApplicationItems.applicationId, invoice.id), eq(invoiceApplicationItems.active, true)));
    const orderNos = items.filter((i) => i.sourceKind === 'order').map((i) => i.sourceRef);
    const paymentNos = items.filter((i) => i.sourceKind === 'online').map((i) => i.sourceRef);
    const viaOnline = paymentNos.length
      ? await db
          .select({ orderId: onlinePaymentOrders.orderId })
          .from(onlinePaymentOrders)
          .innerJoin(onlinePayments, eq(onlinePayments.id, onlinePaymentOrders.paymentId))
          .where(and(inArray(onlinePayments.paymentNo, paymentNos), eq(onlinePaymentOrders.paidOrder, true)))
      : [];
    const covered =
      orderNos.length || viaOnline.length
        ? await db
            .select()
            .from(orders)
            .where(or(orderNos.length ? inArray(orders.orderNo, orderNos) : undefined, viaOnline.length ? inArray(orders.id, viaOnline.map((v) => v.orderId)) : undefined))
            .orderBy(asc(orders.createdAt), asc(orders.id))
        : [];
    return { key: invoice.rid, label: `开票申请（${invoice.title.title}）`, orders: covered, invoice };
  }
  const from = query.from ?? `${(query.to ?? '').slice(0, 7)}-01`;
  const to = query.to ?? from;
  if (!isCalendarDate(from)) throw badRequest('[开始日期]不是有效日期');
  if (!isCalendarDate(to)) throw badRequest('[结束日期]不是有效日期');
  if (from > to) throw badRequest('[开始日期]不能晚于[结束日期]');
  const rows = await db
    .select()
    .from(orders)
    .where(and(eq(orders.memberId, memberId), ne(orders.progress, 'cancelled'), gte(orders.createdAt, labDayStart(from)), lt(orders.createdAt, labDayEnd(to))))
    .orderBy(asc(orders.createdAt), asc(orders.id))
    .limit(200);
  return { key: `${from}~${to}`, label: `对账期间 ${from} 至 ${to}`, orders: rows, invoice: null };
}

/** The issued (or pending) invoices that cover an order: its own, or for an order the funds paid, the top-ups' invoices before it. */
async function orderInvoices(db: DbOrTx, order: OrderRow) {
  const byOrder = await db
    .select({ app: invoiceApplications })
    .from(invoiceApplicationItems)
    .innerJoin(invoiceApplications, eq(invoiceApplications.id, invoiceApplicationItems.applicationId))
    .where(and(eq(invoiceApplicationItems.sourceKind, 'order'), eq(invoiceApplicationItems.sourceRef, order.orderNo), eq(invoiceApplicationItems.active, true)));
  if (byOrder.length || order.paidFromKind === null || order.paidFromId === null || !order.paidAt) return { apps: byOrder.map((r) => r.app), viaTopups: false };
  // paid from the prepaid funds alone: the money was invoiced when it was topped up (funds/online-invoices.ts)
  const topups = await db
    .select({ rid: prestoreApplications.rid })
    .from(prestoreApplications)
    .where(
      and(
        order.paidFromKind === 'community' ? eq(prestoreApplications.communityId, order.paidFromId) : and(eq(prestoreApplications.memberId, order.paidFromId), isNull(prestoreApplications.communityId)),
        eq(prestoreApplications.status, 'confirmed'),
        lte(prestoreApplications.decidedAt, order.paidAt),
      ),
    );
  const onlineTopups = await db
    .select({ no: onlinePayments.paymentNo })
    .from(onlinePayments)
    .where(and(eq(onlinePayments.purpose, 'topup'), eq(onlinePayments.fundsKind, order.paidFromKind), eq(onlinePayments.fundsId, order.paidFromId), eq(onlinePayments.state, 'paid'), lte(onlinePayments.paidAt, order.paidAt)));
  const refs = [...topups.map((t) => t.rid), ...onlineTopups.map((t) => t.no)];
  if (!refs.length) return { apps: [], viaTopups: true };
  const apps = await db
    .selectDistinct({ app: invoiceApplications })
    .from(invoiceApplicationItems)
    .innerJoin(invoiceApplications, eq(invoiceApplications.id, invoiceApplicationItems.applicationId))
    .where(and(inArray(invoiceApplicationItems.sourceKind, ['prestore', 'online']), inArray(invoiceApplicationItems.sourceRef, refs), eq(invoiceApplicationItems.active, true)))
    .orderBy(desc(invoiceApplications.issuedOn));
  return { apps: apps.map((r) => r.app), viaTopups: true };
}

type InvoiceRow = typeof invoiceApplications.$inferSelect;
const invoiceFile = (app: InvoiceRow): PieceSource | null => (app.status === 'issued' && app.fileName ? { stored: { kind: 'invoices', name: app.fileName } } : null);

/** The signed agreement of an order: signed online (a sealed 协议 in the register) or printed, signed and uploaded. */
async function orderAgreement(db: DbOrTx, order: OrderRow): Promise<{ source: PieceSource; ext: string } | null> {
  const [sealed] = await db
    .select()
    .from(sealedDocuments)
    .where(and(eq(sealedDocuments.orderId, order.id), eq(sealedDocuments.kind, 'agreement'), isNull(sealedDocuments.revokedAt), isNull(sealedDocuments.supersededAt)))
    .orderBy(desc(sealedDocuments.issuedAt))
    .limit(1);
  if (sealed) return { source: { stored: { kind: 'documents', name: sealed.storedName } }, ext: '.pdf' };
  const [signed] = await db
    .select()
    .from(contracts)
    .where(and(eq(contracts.orderId, order.id), eq(contracts.kind, 'agreement'), inArray(contracts.status, ['signed', 'confirmed'])))
    .limit(1);
  if (signed?.signedStoredName) return { source: { stored: { kind: 'protocols', name: signed.signedStoredName } }, ext: extOf(signed.signedType, signed.signedStoredName) };
  return null;
}

/** Each piece of the pack under the template: present or missing (with why), required or not, its name in the ZIP. */
async function planPack(db: DbOrTx, scope: Scope, template: PackTemplate): Promise<{ pieces: PlannedPiece[]; missing: string[]; totalFen: number }> {
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

const templateOf = (query: PackQuery): PackTemplateKey => query.template ?? 'default';

/** reimbursement/status: what the pack would hold and every reason it cannot be made yet. */
export async function packStatus(db: DbOrTx, memberId: number, query: PackQuery): Promise<PackStatus> {
  const scope = await resolveScope(db, memberId, query);
  const templates = await packTemplates(db);
  const template = templates[templateOf(query)];
  const { pieces, missing, totalFen } = await planPack(db, scope, templateRules(template));
  return {
    template: template.key,
    templateName: template.name,
    templateRule: template.rule,
    templates: packTemplateKeys.map((key) => ({ key, name: templates[key].name })),
    orders: scope.orders.map((o) => ({ orderNo: o.orderNo, title: o.title, amountFen: due(o) })),
    totalFen,
    pieces: pieces.map(({ source: _source, ...piece }) => piece),
    missing,
    ready: missing.length === 0,
  };
}

export interface PackDeps {
  files: FileStore;
  seal: DocumentSeal;
  origin: string;
}

/** The 付款证明 of a paid order: online payments with channel and trade number, the prepaid funds' ledger lines and the top-ups behind them. */
async function paymentProofSpec(db: DbOrTx, order: OrderRow) {
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
async function sealProof(db: Db, deps: PackDeps, order: OrderRow, client: string, now: Date) {
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

export interface PreparedPack {
  status: PackStatus;
  scopeKey: string;
  /** the files in ZIP order, each with where its bytes are (a sealed paper is issued when asked) */
  files: { name: string; label: string; orderNo: string | null; stored?: { kind: StoredKind; storedName: string }; locate: () => Promise<{ kind: StoredKind; storedName: string } | { bytes: Buffer }> }[];
  client: string;
}

/**
 * The pack, ready to stream: refused (409) with every missing reason; else the sealed papers are
 * issued through orders' face (the same content answers the same file) and the files are listed.
 */
export async function preparePack(db: Db, deps: PackDeps, memberId: number, query: PackQuery, now: Date): Promise<PreparedPack> {
  const status = await packStatus(db, memberId, query);
  if (!status.ready) throw conflict(`报销材料不全，暂不能下载：${status.missing.map((m, i) => `${i + 1}. ${m}`).join('；')}`);
  const scope = await resolveScope(db, memberId, query);
  const { pieces } = await planPack(db, scope, templateRules((await packTemplates(db))[status.template]));
  const person = await memberContact(db, memberId);
  const client = [person?.company, person?.name || person?.nickname].filter(Boolean).join(' ');

  const files: PreparedPack['files'] = [];
  for (const piece of pieces) {
    if (!piece.present || !piece.source) continue;
    const source = piece.source;
    if ('stored' in source) {
      const at = { kind: source.stored.kind, storedName: source.stored.name };
      files.push({ name: piece.name, label: piece.label, orderNo: piece.orderNo, stored: at, locate: async () => at });
      continue;
    }
    if ('made' in source) {
      // made when its turn in the ZIP comes (a grant card's statement, never stored)
      files.push({ name: piece.name, label: piece.label, orderNo: piece.orderNo, locate: async () => ({ bytes: await source.made() }) });
      continue;
    }
    // sealed when its turn in the ZIP comes (a first pack seals ~0.5 s a paper): the first bytes go at once
    const order = source.order;
    const seal = async () => {
      const row = source.seal === 'statement' ? await orderStatementOf(db, deps, order, now) : await sealProof(db, deps, order, client, now);
      return { kind: 'documents' as const, storedName: row.storedName };
    };
    files.push({ name: piece.name, label: piece.label, orderNo: piece.orderNo, locate: seal });
  }

  // every piece checked before the first byte (409 with each reason); the cover is sealed next
  await assertPackReadable(deps, files, true);
  const enclosed = files.map((f, i) => [String(i + 2), f.name, f.label]);
  const cover = await sealPackPaper(
    db,
    deps,
    {
      kind: 'pack_cover',
      memberId,
      orderId: null,
      title: `报销材料封面（${scope.label}）`,
      client,
      amountFen: status.totalFen,
      spec: {
        title: '报销材料封面',
        facts: [
          ['报销人', client || '—'],
          ['报销事项', scope.label],
          ['报销模板', status.templateName],
          ['订单', status.orders.map((o) => o.orderNo).join('、')],
          ['检测项目', [...new Set(status.orders.map((o) => o.title))].join('；')],
          ['金额合计', `${formatFen(status.totalFen)}（${fenInWords(status.totalFen)}）`],
        ],
        table: {
          columns: [
            { label: '序号', width: 0.6, align: 'center' },
            { label: '所附文件', width: 5.2 },
            { label: '说明', width: 2.8 },
          ],
          rows: [['1', '00-报销材料封面.pdf', '本封面'], ...enclosed, [String(enclosed.length + 2), 'manifest.txt / SHA256SUMS', '文件清单与 SHA-256 校验值']],
        },
        totals: status.orders.length > 1 ? [...status.orders.map((o): [string, number] => [`订单 ${o.orderNo}`, o.amountFen]), ['金额合计', status.totalFen]] : [['金额合计', status.totalFen]],
        notes: [status.templateRule, '每个文件的 SHA-256 见 manifest.txt 与 SHA256SUMS；盖章文件可扫描二维码或访问 /verify 核验。'],
      },
    },
    now,
  );
  files.unshift({ name: '00-报销材料封面.pdf', label: packPieceLabels.cover, orderNo: null, locate: async () => ({ kind: 'documents', storedName: cover.storedName }) });
  return { status, scopeKey: scope.key, files, client };
}

/** manifest.txt: what the pack is and each file's size and SHA-256. */
export function manifestText(pack: PreparedPack, files: { name: string; bytes: number; sha256: string }[], now: Date): string {
  const labels = new Map(pack.files.map((f) => [f.name, f.label]));
  const lines = [
    '报销材料清单（manifest）',
    `报销人：${pack.client || '—'}`,
    `报销模板：${pack.status.templateName}`,
    `订单：${pack.status.orders.map((o) => `${o.orderNo}（${formatFen(o.amountFen)}）`).join('、')}`,
    `金额合计：${formatFen(pack.status.totalFen)}（${fenInWords(pack.status.totalFen)}）`,
    `生成时间：${labTime(now)}（北京时间）`,
    `生成日期：${labDay(now)}`,
    '',
    '序号\t文件\t字节数\tSHA-256\t说明',
    ...files.map((f, i) => `${i + 1}\t${f.name}\t${f.bytes}\t${f.sha256}\t${labels.get(f.name) ?? ''}`),
    '',
    '校验：在解压目录中运行 sha256sum -c SHA256SUMS',
    '',
  ];
  return lines.join('\n');
}
