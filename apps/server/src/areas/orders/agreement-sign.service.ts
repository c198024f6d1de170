import { and, eq } from 'drizzle-orm';
import { AGREEMENT_SMS_PURPOSE, contractStatusLabels, formatFen, labDay, labTime, maskPhone, sampleFormLabels, type AgreementClause, type AgreementDocument, type AgreementSignView } from '@lab/contract';
import type { Db, DbOrTx } from '../../db/client';
import { AppError, conflict, notFound } from '../../platform/errors';
import { writeMemberAudit } from '../../platform/member-audit';
import { confirmMemberSecret, getMember, sendSmsCode } from '../accounts';
import type { RequestMeta } from '../../platform/caller';
import type { SmsProvider } from '../../platform/messaging';
import { loadAgreement, type AgreementData } from './agreement';
import { builtinBlocks, builtinClauses, htmlBlocks, paymentTerms } from './agreement-clauses';
import { agreementRequirement } from './agreement-rule';
import { agreementTitle, assertStillOpen, contractViewStatus, ensureAgreement, findOwnContract, type ContractRow } from './contracts.service';
import { contentHash, findDocument, issueDocument, type DocumentDeps, type SealedDocumentRow } from './documents/documents.service';
import { findMemberOrder, type OrderRow } from './order-core';
import { contracts } from './requirements.tables';

/**
 * The 委托检测服务协议 signed online (issue 32, decisions/0057-agreement-signed-online.md): the text is
 * drawn from the order and the 委托检测服务条款 in force now; the member reads it with its SHA-256,
 * asks for an SMS code (a purpose of its own), and signs by sending the code with that SHA-256. The
 * signature records the time, IP, device and the SHA-256 of the text; the lab's seal is applied at
 * once (the register's sealed PDF, kind agreement), and the agreement is in force. A signed copy
 * printed and uploaded stays possible (contracts.service).
 */

const DEVICE_MAX = 300;

/** What the member reads and signs: parties, lines, totals, clauses. Stable for the same order and terms (no printing time). */
export function agreementDocumentOf(data: AgreementData): AgreementDocument {
  const { lab, member, order, lines } = data;
  const due = order.totalFen - order.discountFen;
  const payment = paymentTerms(order);
  const clauses: AgreementClause[] = data.terms
    ? [
        { kind: 'paragraph', text: `本协议条款适用平台公示的《委托检测服务条款》第 ${data.terms.version} 版（${data.terms.effectiveDate} 生效）。` },
        ...htmlBlocks(data.terms.body),
        { kind: 'heading', text: '本订单付款约定' },
        { kind: 'paragraph', text: payment },
      ]
    : builtinBlocks(builtinClauses(lab.express || lab.address, payment));
  return {
    title: '委托检测服务协议',
    parties: [
      ['委托方（甲方）', [member.company, member.name || order.contact].filter(Boolean).join(' ') || '—'],
      ['联系人', order.contact || member.name || '—'],
      ['联系电话', order.phone || member.phone || '—'],
      ['受托方（乙方）', lab.name],
      ['乙方地址', lab.address],
      ['乙方电话', lab.phone],
      ['订单编号', order.orderNo],
      ['下单日期', labDay(order.createdAt)],
    ],
    lines: lines.map((l) => ({
      name: l.name,
      detail: [
        ...l.options.map((o) => `${o.name}：${o.label}`),
        ...(l.note ? [`备注：${l.note}`] : []),
        ...l.samples.map((s) => `${s.code} ${s.name} × ${s.count}（${sampleFormLabels[s.form] ?? s.form}）`),
      ],
      count: l.count,
      unit: l.unit,
      unitPriceFen: l.unitPriceFen,
      amountFen: l.amountFen,
    })),
    totals: order.discountFen > 0 ? [['检测费用合计', order.totalFen], ['优惠', -order.discountFen], ['应付金额', due]] : [['应付金额', due]],
    clauses,
    termsVersion: data.terms?.version ?? null,
  };
}

async function readAgreement(db: DbOrTx, order: OrderRow, contract: ContractRow, now: Date) {
  const data = await loadAgreement(db, contract, order, now, now);
  const document = agreementDocumentOf(data);
  return { data, document, sha256: contentHash(document) };
}

function cannotSign(row: ContractRow, order: OrderRow): string {
  if (row.status === 'confirmed') return row.signMethod === 'online' ? '协议已在线签署并生效' : '协议已生效';
  if (contractViewStatus(row, order.progress) === 'closed') return `订单已${order.progress === 'cancelled' ? '取消' : '完成'}，无需签署协议`;
  return '';
}

async function viewOf(db: DbOrTx, order: OrderRow, row: ContractRow, phone: string, now: Date): Promise<AgreementSignView> {
  const [{ document, sha256 }, required] = await Promise.all([readAgreement(db, order, row, now), agreementRequirement(db, order)]);
  const status = contractViewStatus(row, order.progress);
  const inForce = row.status === 'confirmed' || row.status === 'signed';
  return {
    orderNo: order.orderNo,
    rid: row.rid,
    status,
    statusText: contractStatusLabels[status],
    required: required !== null,
    requiredReason: required ?? '',
    cannotSign: cannotSign(row, order),
    phoneMasked: maskPhone(phone),
    document,
    contentSha256: sha256,
    signature: inForce
      ? { method: row.signMethod === 'online' ? 'online' : 'upload', signedAt: row.signedAt?.toISOString() ?? null, documentNo: row.signedDocumentNo, contentSha256: row.signedContentSha256 }
      : null,
  };
}

/** order/agreement: the member's own order's agreement to read (another member's order: 404). */
export async function agreementForSigning(db: Db, memberId: number, orderNo: string, now: Date): Promise<AgreementSignView> {
  const order = await findMemberOrder(db, memberId, orderNo);
  const [row, member] = await Promise.all([ensureAgreement(db, order, now), getMember(db, memberId)]);
  return viewOf(db, order, row, member.phone, now);
}

/** order/agreement/code: the code goes to the member's own phone, only while the agreement can be signed. */
export async function sendAgreementCode(db: Db, sms: SmsProvider, memberId: number, orderNo: string, meta: { now: Date; ip?: string | undefined }) {
  const order = await findMemberOrder(db, memberId, orderNo);
  const row = await ensureAgreement(db, order, meta.now);
  const problem = cannotSign(row, order);
  if (problem) throw conflict(problem);
  const member = await getMember(db, memberId);
  await sendSmsCode(db, sms, { phone: member.phone, useFor: AGREEMENT_SMS_PURPOSE }, meta);
}

/**
 * order/agreement/sign. The text is drawn again and must have the SHA-256 the member read (else 409:
 * read it again); the code is checked outside the transaction (a wrong try stays counted), then in one
 * transaction with the agreement locked: the code spent, the sealed PDF issued (its signing record
 * printed on it), the agreement in force, the member's audit row.
 */
export async function signAgreementOnline(
  db: Db,
  deps: DocumentDeps,
  memberId: number,
  body: { order_no: string; code: string; content_sha256: string },
  meta: RequestMeta & { requestId?: string },
): Promise<AgreementSignView> {
  const { now } = meta;
  const order = await findMemberOrder(db, memberId, body.order_no);
  const member = await getMember(db, memberId);
  const first = await ensureAgreement(db, order, now);
  const problem = cannotSign(first, order);
  if (problem) throw conflict(problem);
  const { data, document, sha256 } = await readAgreement(db, order, first, now);
  if (sha256 !== body.content_sha256) throw new AppError('AGREEMENT_CHANGED', '协议内容已更新（订单或协议条款有变化），请重新阅读后再签署', { status: 409 });
  const confirmed = await confirmMemberSecret(db, member, { code: body.code }, AGREEMENT_SMS_PURPOSE, now);
  const ip = meta.ip ?? '';
  const device = (meta.userAgent ?? '').slice(0, DEVICE_MAX);
  const row = await db.transaction(async (tx) => {
    const locked = await findOwnContract(tx, memberId, first.rid, { lock: true });
    if (locked.status === 'confirmed') throw conflict('协议已生效，无需再次签署');
    await assertStillOpen(tx, locked, '签署协议');
    await confirmed.spend(tx);
    const due = order.totalFen - order.discountFen;
    const signer = document.parties[0]![1];
    const record = `甲方电子签署：${signer}于 ${labTime(now)}（北京时间）以发送至手机 ${maskPhone(member.phone)} 的短信验证码确认签署；IP ${ip || '—'}；设备 ${device || '—'}；所签协议文本 SHA-256 ${sha256}。乙方电子签章由平台在甲方签署后自动加盖。`;
    const doc = await issueDocument(
      tx,
      deps,
      {
        kind: 'agreement',
        memberId,
        orderId: order.id,
        title: agreementTitle(order.orderNo),
        client: signer,
        amountFen: due,
        expiresAt: null,
        spec: {
          title: document.title,
          lab: { name: data.lab.name, address: data.lab.address, phone: data.lab.phone },
          facts: [...document.parties, ['条款版本', document.termsVersion === null ? '平台标准条款' : `第 ${document.termsVersion} 版`], ['签署方式', '在线签署（短信验证码）']],
          table: {
            columns: [
              { label: '序号', width: 0.6, align: 'center' },
              { label: '检测项目 / 条件 / 样品', width: 4.4 },
              { label: '数量', width: 1, align: 'right' },
              { label: '单价', width: 1.2, align: 'right' },
              { label: '金额', width: 1.3, align: 'right' },
            ],
            rows: document.lines.map((l, i) => [String(i + 1), [l.name, ...l.detail].join('\n'), `${l.count} ${l.unit}`, formatFen(l.unitPriceFen), formatFen(l.amountFen)]),
          },
          totals: document.totals,
          clauses: document.clauses,
          notesTitle: '电子签署记录',
          notes: [record],
        },
      },
      now,
    );
    const [signed] = await tx
      .update(contracts)
      .set({ status: 'confirmed', signedAt: now, confirmedAt: now, signMethod: 'online', signedDocumentNo: doc.no, signedContentSha256: sha256, signedIp: ip || null, signedDevice: device || null })
      .where(eq(contracts.id, locked.id))
      .returning();
    await writeMemberAudit(tx, {
      memberId,
      action: 'agreement.sign',
      label: '在线签署委托检测服务协议',
      entity: 'contract',
      targetKey: locked.rid,
      input: { orderNo: order.orderNo, contentSha256: sha256 },
      before: { status: locked.status },
      after: { status: 'confirmed', documentNo: doc.no, fileSha256: doc.sha256, device },
      ip: ip || undefined,
      requestId: meta.requestId,
      now,
    });
    return signed!;
  });
  return viewOf(db, order, row, member.phone, now);
}

/** order/agreement/pdf: the sealed PDF of an agreement signed online. */
export async function signedAgreementPdf(db: DbOrTx, memberId: number, orderNo: string): Promise<SealedDocumentRow> {
  const order = await findMemberOrder(db, memberId, orderNo);
  const [row] = await db
    .select({ no: contracts.signedDocumentNo })
    .from(contracts)
    .where(and(eq(contracts.orderId, order.id), eq(contracts.kind, 'agreement')))
    .limit(1);
  const online = row?.no ?? null;
  if (!online) throw notFound('在线签署的协议');
  return findDocument(db, online);
}
