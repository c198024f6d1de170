import { calls } from '@lab/contract/calls';
import { documentCheckFields } from '@lab/contract';
import type { AppDeps } from '../../../platform/deps';
import { audit } from '../../../platform/audit';
import { serve } from '../../../platform/calls';
import { readUpload, sendFile, sniffType, uploadSpec } from '../../../platform/files';
import { checkPdfSignature } from '../../../platform/pdf-signature';
import { getFundsSettings } from '../../funds';
import { orderNumbers } from '../paid-orders';
import { badRequest } from '../../../platform/errors';
import type { DbOrTx } from '../../../db/client';
import { documentAudit } from './documents.audit';
import { type DocumentDeps, fileHash, findDocument, revokeDocument, toVerifyView, type SealedDocumentRow } from './documents.service';
import { orderPaymentNotice, orderStatement } from './order-papers';
import { listQuotes, planQuote } from './quotes.service';

/** A copy uploaded to /verify: a PDF up to 20 MB, read to compare, never stored. */
export const DOCUMENT_CHECK_MAX_BYTES = 20 * 1024 * 1024;
const checkUpload = uploadSpec({ kind: 'documents', maxBytes: DOCUMENT_CHECK_MAX_BYTES, types: ['pdf'], fields: documentCheckFields });

const findOrderNo = async (db: DbOrTx, orderId: number | null) => (orderId === null ? null : ((await orderNumbers(db, [orderId])).get(orderId) ?? null));
const documentDeps = (deps: AppDeps): DocumentDeps => ({ files: deps.files, seal: deps.seal, origin: deps.config.siteOrigin });
const download = (row: SealedDocumentRow) => `${row.title.replace(/[（）()\s]+/g, '-').replace(/-+$/, '')}-${row.no}`;

/** Sealed documents: the member's papers of an order, and the public verification (/verify/<no>). */
export const documentsRoutes = serve(calls.documents, {
  verify: {
    config: { rateLimit: { max: 60, timeWindow: 60_000 } },
    handler: async ({ db, query, now }) => {
      const row = await findDocument(db, query.no);
      const [funds, orderNo] = await Promise.all([getFundsSettings(db), findOrderNo(db, row.orderId)]);
      return toVerifyView(db, row, funds.bank.accountName, orderNo, now);
    },
  },
  check: {
    config: { upload: checkUpload, rateLimit: { max: 20, timeWindow: 60_000 } },
    handler: async ({ db, request }) => {
      const { fields, file } = await readUpload(request, checkUpload);
      const row = await findDocument(db, fields.no);
      if (!file || file.length === 0) throw badRequest('请选择要核对的 PDF 文件');
      if (sniffType(file)?.ext !== 'pdf') throw badRequest('仅支持 PDF 文件');
      const sha256 = fileHash(file);
      const signature = checkPdfSignature(file);
      const original = sha256 === row.sha256;
      const message = original
        ? `与编号 ${row.no} 的存档原件完全一致`
        : signature.valid
          ? `不是编号 ${row.no} 的原件：文件的签名有效，但与存档原件不同（可能是其他文件或其他版本）`
          : `不是编号 ${row.no} 的原件：${signature.reason}`;
      return { original, sha256, signatureValid: signature.valid, message };
    },
  },
  statement: async ({ db, memberId, query, now, deps, reply }) => {
    const row = await orderStatement(db, documentDeps(deps), memberId, query.order_no, now);
    return sendFile(reply, deps.files, 'documents', { name: row.storedName, type: 'application/pdf' }, download(row));
  },
  paymentNotice: async ({ db, memberId, query, now, deps, reply }) => {
    const row = await orderPaymentNotice(db, documentDeps(deps), memberId, query.order_no, now);
    return sendFile(reply, deps.files, 'documents', { name: row.storedName, type: 'application/pdf' }, download(row));
  },
  planQuote: async ({ db, memberId, now, deps, reply }) => {
    const row = await planQuote(db, documentDeps(deps), memberId, now);
    return sendFile(reply, deps.files, 'documents', { name: row.storedName, type: 'application/pdf' }, `报价单-${row.no}`);
  },
  quotes: ({ db, memberId, now }) => listQuotes(db, memberId, now),
});

/** Staff: revoke a sealed document (the verification page then says 已撤销 and why). */
export const adminDocumentsRoutes = serve(calls.adminDocuments, {
  revoke: {
    config: { audit: audit(documentAudit, 'document.revoke', '撤销盖章文件', (body: { no: string }) => body.no) },
    handler: async ({ db, staff, body, now }) => {
      const row = await revokeDocument(db, staff.id, body.no, body.reason, now);
      const [funds, orderNo] = await Promise.all([getFundsSettings(db), findOrderNo(db, row.orderId)]);
      return toVerifyView(db, row, funds.bank.accountName, orderNo, now);
    },
  },
});
